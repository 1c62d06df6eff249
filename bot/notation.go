package bot

import (
	"errors"
	"slices"
	"strings"
	"sync"

	"parlor/bot/i18n"
	"parlor/rules"
)

// A game's move texts have words as well as squares and numbers ("roll
// 5-3", "start+6", "nofence"): the game's notation (rules.Notation). A
// player reads them, and may type them, in their own language ("tirar
// 5-3", "salida+6", "sinvalla"); the engines and the move log know only
// the canonical words. The catalogs say each word (i18n.NotationKey), so
// a language adds its words where it adds its messages.

// Move is the move text said in l: its notation words in l's words.
func (l Lang) Move(text string) string { return i18n.Move(l.tag, text) }

// readMove is text, as a player typed it in any language Parlor speaks,
// with each of the game's notation words written canonically: "salida+6"
// is read as "start+6". Case does not matter; other words are left as
// they are, for the engine to read or refuse.
func readMove(kit Kit, text string) string {
	words := rules.NotationOf(kit.Game)
	if len(words) == 0 {
		return text
	}
	reads := notationReads()
	return rules.SayWords(text, func(w string) (string, bool) {
		for _, canonical := range reads[strings.ToLower(w)] {
			if slices.Contains(words, canonical) {
				return canonical, true
			}
		}
		return "", false
	})
}

// notationReads maps each notation word, as any language says it (in
// lower case), to the canonical words it says: "salida" to "start". It is
// made once from the catalogs, which do not change while Parlor runs.
var notationReads = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for key := range i18n.All()[English.tag] {
		canonical, ok := strings.CutPrefix(key, i18n.NotationKey(""))
		if !ok {
			continue
		}
		for _, tag := range i18n.Languages() {
			said := strings.ToLower(i18n.T(tag, key))
			if !slices.Contains(out[said], canonical) {
				out[said] = append(out[said], canonical)
			}
		}
	}
	return out
})

// findMove is the legal move of l that text means, typed in any language
// Parlor speaks (see readMove). A move whose words a language writes
// apart ("sin valla") is found too, by saying each legal move in every
// language and comparing, as rules.Find compares canonical texts. The
// error is the engine's, said of what the player typed.
func findMove(l *loaded, text string) (rules.Move, error) {
	canonical := readMove(l.kit, text)
	m, err := rules.Find(l.state, canonical)
	if err == nil || errors.Is(err, rules.ErrOver) {
		return m, err
	}
	if want := rules.Normalize(text); want != "" && len(rules.NotationOf(l.kit.Game)) > 0 {
		for _, legal := range l.state.Legal() {
			for _, tag := range i18n.Languages() {
				if rules.Normalize(i18n.Move(tag, legal.Text)) == want {
					return legal, nil
				}
			}
		}
	}
	return rules.Move{}, err
}

// movesIn is t with the texts it quotes (its string arguments, such as
// a refused move or one of its parts) made MoveTexts, so that they are
// said with the reader's notation words: a refusal quotes "salida+60" to
// a Spanish player who typed it so, not the "start+60" the engine read.
func movesIn(t rules.Text) rules.Text {
	if len(t.Args) == 0 {
		return t
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch a := a.(type) {
		case string:
			args[i] = rules.MoveText(a)
		case rules.Text:
			args[i] = movesIn(a)
		default:
			args[i] = a
		}
	}
	return rules.Text{Format: t.Format, Args: args}
}
