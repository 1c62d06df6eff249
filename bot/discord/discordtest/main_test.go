package discordtest_test

import (
	"flag"
	"os"
	"testing"
)

// TestMain lets more tests run at once than there are CPUs, unless
// -parallel is given: these tests spend most of their time waiting
// (discordgo pauses a second in Session.Close, the slow painter sleeps,
// retry_after is honoured), not computing.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", "4")
	}
	os.Exit(m.Run())
}
