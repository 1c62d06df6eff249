package rules

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// A move text that does not read says why as a Text, which Illegal keeps
// as the refused move's reason; an error with no Text keeps its message.
func TestIllegalKeepsTheText(t *testing.T) {
	why := Mistake(Textf("no square %q", "z9"))
	if why.Error() != `no square "z9"` || errors.Is(why, ErrIllegal) {
		t.Fatalf("Mistake: %q, wraps ErrIllegal: %v", why, errors.Is(why, ErrIllegal))
	}
	err := Illegal(fmt.Errorf("reading the move: %w", why))
	if !errors.Is(err, ErrIllegal) || err.Error() != `illegal move: no square "z9"` {
		t.Fatalf("Illegal: %q", err)
	}
	if got, want := Reason(err), Textf("no square %q", "z9"); !reflect.DeepEqual(got, want) {
		t.Errorf("Reason: %#v, want %#v", got, want)
	}
	if got, want := Reason(Illegal(errors.New("a plain error"))), Textf("%s", "a plain error"); !reflect.DeepEqual(got, want) {
		t.Errorf("Reason of a plain error: %#v, want %#v", got, want)
	}
}
