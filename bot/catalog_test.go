package bot

import (
	"bytes"
	"flag"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"parlor/bot/i18n"
	"parlor/bot/i18n/i18ntest"
	"parlor/rules"
)

var updateCatalog = flag.Bool("update-catalog", false, "rewrite bot/i18n/catalogs/en.json from the source")

// catalogDirs are the packages whose words players read: the bot's, the
// contract's, and those of each game's engine and painter in the list
// (Kits), found from their types.
func catalogDirs() []string {
	dirs := []string{".", "console", "discord", "web", "../render", "../rules", "../rules/dice"}
	for _, k := range Kits() {
		for _, v := range []any{k.Game, k.Painter} {
			dir := "../" + strings.TrimPrefix(reflect.TypeOf(v).PkgPath(), "parlor/")
			if !slices.Contains(dirs, dir) {
				dirs = append(dirs, dir)
			}
		}
	}
	return dirs
}

// specMessages are the words of the commands as they are registered: each
// description and choice name, and each name as "cmd:" and the name (its
// key for the localized names Discord shows); and each game's title and
// the words of its move texts (i18n.NotationKey).
func specMessages() []string {
	var out []string
	options := func(opts []OptionSpec) {
		for _, o := range opts {
			out = append(out, "cmd:"+o.Name, o.Description)
			for _, c := range o.Choices {
				if !c.Own {
					out = append(out, c.Name)
				}
			}
		}
	}
	for _, k := range Kits() {
		out = append(out, k.Game.Title())
		for _, w := range rules.NotationOf(k.Game) {
			out = append(out, i18n.NotationKey(w))
		}
	}
	for _, c := range NewTable(Config{Kits: Kits()}).Commands() {
		out = append(out, "cmd:"+c.Name, c.Description)
		options(c.Options)
		for _, s := range c.Subs {
			out = append(out, "cmd:"+s.Name, s.Description)
			options(s.Options)
		}
	}
	return out
}

// The English catalog lists every message of the source and of the
// commands, and nothing else: go test ./bot -run EnglishCatalog
// -update-catalog rewrites it after a change.
func TestEnglishCatalog(t *testing.T) {
	found, err := i18ntest.Extract(catalogDirs()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range specMessages() {
		if _, ok := found[m]; !ok {
			found[m] = "a command"
		}
	}
	const file = "i18n/catalogs/en.json"
	old, err := i18ntest.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := i18ntest.Format(i18ntest.English(slices.Collect(maps.Keys(found)), old))
	got, _ := os.ReadFile(file)
	if bytes.Equal(got, want) {
		return
	}
	if *updateCatalog {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var missing, extra []string
	for k, where := range found {
		if _, ok := old[k]; !ok {
			missing = append(missing, where+": "+k)
		}
	}
	for k := range old {
		if _, ok := found[k]; !ok {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	t.Errorf("%s is not the source's messages (go test ./bot -run EnglishCatalog -update-catalog rewrites it)\nnew in the source:\n%s\nno longer in the source:\n%s",
		file, strings.Join(missing, "\n"), strings.Join(extra, "\n"))
}

// A language's texts name the commands as Discord shows them to its
// speakers: "/kimbo mover", not "/kimbo move", in Spanish.
func TestCatalogsNameLocalizedCommands(t *testing.T) {
	table := NewTable(Config{Kits: Kits()})
	tops := map[string]bool{"%s": true}
	subs := map[string]bool{}
	for _, c := range table.Commands() {
		tops[c.Name] = true
		for _, s := range c.Subs {
			subs[s.Name] = true
		}
	}
	mention := regexp.MustCompile(`/(%s|[a-z]+) ([a-z]+)\b`)
	for _, tag := range i18n.Languages()[1:] {
		lang := Lang{tag}
		for key, e := range i18n.All()[tag] {
			for _, text := range e.Texts() {
				for _, m := range mention.FindAllStringSubmatch(text, -1) {
					top, sub := m[1], m[2]
					if !tops[top] || !subs[sub] {
						continue
					}
					if want := lang.T("cmd:" + sub); want != sub {
						t.Errorf("%s %q says /%s %s, which %s Discord shows as /%s %s", tag, key, top, sub, tag, top, want)
					}
				}
			}
		}
	}
}
