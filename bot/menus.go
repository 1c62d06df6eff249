package bot

import (
	"fmt"
	"strings"

	"parlor/bot/limits"
	"parlor/rules"
)

// menuGroup is one choice of the first menu: the legal moves with one key.
type menuGroup struct {
	key, label, menu string
	moves            []rules.Move
}

// groups sorts the legal moves of the player to move into the first
// menu's choices, in the order of the legal moves, labelled in lang.
func groups(l *loaded, lang Lang) []*menuGroup {
	var out []*menuGroup
	byKey := map[string]*menuGroup{}
	for _, m := range l.state.Legal() {
		key, label, menu := l.kit.Group(lang, l.state, m)
		if key == "" {
			continue
		}
		gr, ok := byKey[key]
		if !ok {
			gr = &menuGroup{key: key, label: label, menu: menu}
			byKey[key] = gr
			out = append(out, gr)
		}
		gr.moves = append(gr.moves, m)
	}
	return out
}

// controls are the board's components for the player to move: the kit's
// buttons, then the first menu, one select per menu name, each split in
// selects of at most 25 choices, as many as fit in a message.
func (t *Table) controls(l *loaded) []Row {
	var rows []Row
	if l.kit.Buttons != nil {
		var row Row
		for _, c := range l.kit.Buttons(l.lang, l.state) {
			if len(row) == limits.ButtonsPerRow {
				rows = append(rows, row)
				row = nil
			}
			row = append(row, Component{Kind: Button, ID: customID(l.row.ID, l.row.Version, "do:"+c.Value), Label: Clip(c.Name, limits.ButtonLabel), Style: Primary})
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	var menus []string
	byMenu := map[string][]*menuGroup{}
	for _, gr := range groups(l, l.lang) {
		if _, ok := byMenu[gr.menu]; !ok {
			menus = append(menus, gr.menu)
		}
		byMenu[gr.menu] = append(byMenu[gr.menu], gr)
	}
	n := 0
	for _, menu := range menus {
		grs := byMenu[menu]
		parts := (len(grs) + limits.SelectOptions - 1) / limits.SelectOptions
		for p := 0; p < parts && len(rows) < limits.Rows; p++ {
			chunk := grs[p*limits.SelectOptions : min(len(grs), (p+1)*limits.SelectOptions)]
			var opts []Option
			for _, gr := range chunk {
				texts := make([]string, len(gr.moves))
				for i, m := range gr.moves {
					texts[i] = l.lang.Move(m.Text)
				}
				desc := l.lang.T("%d moves: %s", len(gr.moves), strings.Join(texts, " "))
				if len(gr.moves) == 1 {
					desc = l.lang.Say(l.state.Describe(gr.moves[0]))
				}
				opts = append(opts, Option{Label: Clip(gr.label, limits.OptionText), Value: gr.key, Description: Clip(desc, limits.OptionText)})
			}
			placeholder := menu
			if parts > 1 {
				placeholder = fmt.Sprintf("%s (%d/%d)", menu, p+1, parts)
			}
			action := "pick"
			if n > 0 {
				action = fmt.Sprintf("pick%d", n+1)
			}
			n++
			rows = append(rows, Row{{Kind: Select, ID: customID(l.row.ID, l.row.Version, action), Placeholder: Clip(placeholder, limits.Placeholder), Options: opts}})
		}
	}
	return rows
}
