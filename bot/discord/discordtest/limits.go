package discordtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"parlor/bot/limits"
)

// The Fake checks payloads against Discord's limits as package limits
// writes them down (docs/discord.md says where each comes from). Lengths
// are counted in Unicode code points (runes): Discord's API is Python 3
// and measures len(str) (discord/discord-api-docs#1315), which is also
// what JSON Schema's maxLength counts.

// commandName is the pattern of chat input command and option names. The
// docs print ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, but the ' there
// is U+02BC MODIFIER LETTER APOSTROPHE (a letter, \p{Lm}), not the ASCII
// apostrophe, which Discord refuses (discord/discord-api-docs#7371, #8567).
var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

var snowflake = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// locales are the keys a localization dictionary may have
// (AvailableLocalesEnum in the spec).
var locales = map[string]bool{}

func init() {
	for _, l := range strings.Fields("ar bg cs da de el en-GB en-US es-419 es-ES fi fr he hi hr hu id it ja ko lt nl no pl pt-BR ro ru sv-SE th tr uk vi zh-CN zh-TW") {
		locales[l] = true
	}
}

// problem is a field that breaks a limit.
type problem struct{ path, msg string }

type problems []problem

func (p *problems) add(path, format string, args ...any) {
	*p = append(*p, problem{path, fmt.Sprintf(format, args...)})
}

func (p problems) strings() []string {
	var out []string
	for _, q := range p {
		out = append(out, q.path+": "+q.msg)
	}
	return out
}

// tree is the problems in Discord's nested "errors" shape.
func (p problems) tree() map[string]any {
	root := map[string]any{}
	for _, q := range p {
		node := root
		for _, key := range strings.FieldsFunc(q.path, func(r rune) bool { return r == '.' || r == '[' || r == ']' }) {
			next, ok := node[key].(map[string]any)
			if !ok {
				next = map[string]any{}
				node[key] = next
			}
			node = next
		}
		errs, _ := node["_errors"].([]any)
		node["_errors"] = append(errs, map[string]any{"code": "LIMIT", "message": q.msg})
	}
	return root
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// length checks that s has between lo and hi characters.
func (p *problems) length(path, s string, lo, hi int) {
	switch n := runes(s); {
	case n < lo && lo == 1:
		p.add(path, "must not be empty")
	case n < lo:
		p.add(path, "%d characters, at least %d", n, lo)
	case n > hi:
		p.add(path, "%d characters, at most %d", n, hi)
	}
}

// number formats a JSON number as it was likely written.
func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func join(prefix, field string) string {
	if prefix == "" {
		return field
	}
	return prefix + "." + field
}

// atMost reports s if it has more than hi characters.
func (p *problems) atMost(path, s string, hi int) {
	if n := runes(s); n > hi {
		p.add(path, "%d characters, at most %d", n, hi)
	}
}

// between reports n outside lo..hi.
func (p *problems) between(path string, n *int, lo, hi int) {
	if n != nil && (*n < lo || *n > hi) {
		p.add(path, "%d, want %d to %d", *n, lo, hi)
	}
}

// Allowed message flags, by where they are sent.
const (
	responseFlags = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotifications
	channelFlags  = FlagSuppressEmbeds | FlagSuppressNotifications
	// Flags Discord accepts on new messages that the Fake does not model.
	flagVoiceMessage = 1 << 13
	flagComponentsV2 = 1 << 15
)

// checkMessage checks a message payload at prefix: create says it makes a
// new message (which must not be empty), allowedFlags which flags it may
// set.
func checkMessage(p *problems, prefix string, w *wireMessage, files []File, create bool, allowedFlags int) {
	content := ""
	if w.Content != nil {
		content = *w.Content
		p.atMost(join(prefix, "content"), content, limits.Content)
	}
	rows, err := decodeList[wireComponent](w.Components, "components")
	if err != nil {
		p.add(join(prefix, "components"), "%v", err)
	}
	checkComponents(p, join(prefix, "components"), rows)
	embeds, err := decodeList[checkedEmbed](w.Embeds, "embeds")
	if err != nil {
		p.add(join(prefix, "embeds"), "%v", err)
	}
	checkEmbeds(p, join(prefix, "embeds"), embeds)
	if w.AllowedMentions != nil {
		checkMentions(p, join(prefix, "allowed_mentions"), w.AllowedMentions)
	}
	if w.Flags != nil {
		switch extra := *w.Flags &^ allowedFlags; {
		case extra == 0:
		case extra&^(flagComponentsV2|flagVoiceMessage) == 0:
			p.add(join(prefix, "flags"), "flags %d include IS_COMPONENTS_V2 (32768) or IS_VOICE_MESSAGE (8192): Discord allows them, but discordtest does not model such messages", *w.Flags)
		default:
			p.add(join(prefix, "flags"), "flags %d include %d, which cannot be set here", *w.Flags, extra)
		}
	}
	checkAttachments(p, join(prefix, "attachments"), w.Attachments)
	if len(w.StickerIDs) > limits.Stickers {
		p.add(join(prefix, "sticker_ids"), "%d stickers, at most %d", len(w.StickerIDs), limits.Stickers)
	}
	checkFiles(p, files)
	if create && strings.TrimSpace(content) == "" && len(rows) == 0 && len(embeds) == 0 && len(files) == 0 &&
		(!present(w.Poll) || isNull(w.Poll)) && len(w.StickerIDs) == 0 {
		p.add(join(prefix, "content"), "cannot send an empty message")
	}
}

func checkComponents(p *problems, path string, rows []wireComponent) {
	if len(rows) > limits.Rows {
		p.add(path, "%d action rows, at most %d", len(rows), limits.Rows)
	}
	ids := map[string]string{}
	for i, row := range rows {
		rp := fmt.Sprintf("%s[%d]", path, i)
		if row.Type != ActionRow {
			p.add(join(rp, "type"), "top-level component of type %d, want an action row (1)", row.Type)
			continue
		}
		if len(row.Components) == 0 {
			p.add(join(rp, "components"), "an action row needs 1 to 5 components")
		}
		buttons, selects := 0, 0
		for j, c := range row.Components {
			cp := fmt.Sprintf("%s.components[%d]", rp, j)
			switch c.Type {
			case ButtonComponent:
				buttons++
				checkButton(p, cp, c)
			case StringSelect, 5, 6, 7, 8:
				selects++
				checkSelect(p, cp, c)
			default:
				p.add(join(cp, "type"), "component type %d cannot be in a message's action row", c.Type)
			}
			uniqueID(p, ids, cp, c.CustomID)
		}
		switch {
		case buttons > limits.ButtonsPerRow:
			p.add(join(rp, "components"), "%d buttons in a row, at most %d", buttons, limits.ButtonsPerRow)
		case selects > 1:
			p.add(join(rp, "components"), "%d selects in a row; a select fills its row alone", selects)
		case selects == 1 && buttons > 0:
			p.add(join(rp, "components"), "a select and %d buttons in one row; a select fills its row alone", buttons)
		}
	}
}

// uniqueID records the custom id of the component at path, reporting it
// if an earlier component of the message or modal has it.
func uniqueID(p *problems, ids map[string]string, path string, id *string) {
	if id == nil {
		return
	}
	if prev, dup := ids[*id]; dup {
		p.add(join(path, "custom_id"), "%q is also the custom_id of %s; custom ids must be unique within a message", *id, prev)
	}
	ids[*id] = path
}

func checkCustomID(p *problems, path string, id *string) {
	if id == nil {
		p.add(join(path, "custom_id"), "missing")
		return
	}
	p.length(join(path, "custom_id"), *id, 1, limits.CustomID)
}

// checkEmoji checks a partial emoji of a button or select option.
func checkEmoji(p *problems, path string, raw json.RawMessage) {
	if !present(raw) || isNull(raw) {
		return
	}
	var e struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		p.add(path, "not an emoji: %v", err)
		return
	}
	p.atMost(join(path, "name"), e.Name, limits.EmojiName)
}

func checkButton(p *problems, path string, c wireComponent) {
	label := ""
	if c.Label != nil {
		label = *c.Label
	}
	p.atMost(join(path, "label"), label, limits.ButtonLabel)
	hasEmoji := present(c.Emoji) && !isNull(c.Emoji)
	checkEmoji(p, join(path, "emoji"), c.Emoji)
	if label == "" && !hasEmoji && c.Style != 6 {
		p.add(join(path, "label"), "a button needs a label or an emoji")
	}
	p.atMost(join(path, "url"), c.URL, limits.ButtonURL)
	switch c.Style {
	case 1, 2, 3, 4:
		checkCustomID(p, path, c.CustomID)
		if c.URL != "" {
			p.add(join(path, "url"), "only link buttons (style 5) have a url")
		}
		if c.SKUID != "" {
			p.add(join(path, "sku_id"), "only premium buttons (style 6) have a sku_id")
		}
	case 5:
		if c.URL == "" {
			p.add(join(path, "url"), "a link button needs a url")
		}
		if c.CustomID != nil {
			p.add(join(path, "custom_id"), "a link button cannot have a custom_id")
		}
	case 6:
		if c.SKUID == "" {
			p.add(join(path, "sku_id"), "a premium button needs a sku_id")
		}
		if c.CustomID != nil || label != "" || c.URL != "" || hasEmoji {
			p.add(path, "a premium button cannot have a custom_id, label, url or emoji")
		}
	default:
		p.add(join(path, "style"), "button style %d, want 1 to 6", c.Style)
	}
}

func checkSelect(p *problems, path string, c wireComponent) {
	checkCustomID(p, path, c.CustomID)
	p.atMost(join(path, "placeholder"), c.Placeholder, limits.Placeholder)
	p.between(join(path, "min_values"), c.MinValues, 0, limits.SelectValues)
	p.between(join(path, "max_values"), c.MaxValues, 1, limits.SelectValues)
	lo, hi := 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
	}
	if c.MaxValues != nil {
		hi = *c.MaxValues
	}
	if lo > hi {
		p.add(join(path, "min_values"), "min_values %d is more than max_values %d", lo, hi)
	}
	if c.Type != StringSelect {
		return
	}
	switch n := len(c.Options); {
	case n == 0:
		p.add(join(path, "options"), "a string select needs 1 to %d options", limits.SelectOptions)
	case n > limits.SelectOptions:
		p.add(join(path, "options"), "%d options, at most %d", n, limits.SelectOptions)
	}
	if hi > len(c.Options) && len(c.Options) > 0 {
		p.add(join(path, "max_values"), "max_values %d is more than the %d options", hi, len(c.Options))
	}
	values := map[string]bool{}
	for i, o := range c.Options {
		op := fmt.Sprintf("%s.options[%d]", path, i)
		p.length(join(op, "label"), o.Label, 1, limits.OptionText)
		p.length(join(op, "value"), o.Value, 1, limits.OptionText)
		p.atMost(join(op, "description"), o.Description, limits.OptionText)
		checkEmoji(p, join(op, "emoji"), o.Emoji)
		if values[o.Value] {
			p.add(join(op, "value"), "%q appears twice; option values must be unique", o.Value)
		}
		values[o.Value] = true
	}
}

// checkedEmbed is an embed with the fields the limits concern.
type checkedEmbed struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	URL         string   `json:"url"`
	Color       *float64 `json:"color"`
	Fields      []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"fields"`
	Footer *struct {
		Text    string `json:"text"`
		IconURL string `json:"icon_url"`
	} `json:"footer"`
	Author *struct {
		Name    string `json:"name"`
		URL     string `json:"url"`
		IconURL string `json:"icon_url"`
	} `json:"author"`
	Provider *struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"provider"`
	Image     *struct{ URL string } `json:"image"`
	Thumbnail *struct{ URL string } `json:"thumbnail"`
	Video     *struct{ URL string } `json:"video"`
}

// checkEmbeds checks embeds. Discord trims leading and trailing white space
// from the texts before it measures them (the docs' "Embed Limits").
func checkEmbeds(p *problems, path string, es []checkedEmbed) {
	if len(es) > limits.Embeds {
		p.add(path, "%d embeds, at most %d", len(es), limits.Embeds)
	}
	total := 0
	for i, e := range es {
		ep := fmt.Sprintf("%s[%d]", path, i)
		check := func(field, s string, hi int) {
			n := runes(strings.TrimSpace(s))
			total += n
			if n > hi {
				p.add(join(ep, field), "%d characters, at most %d", n, hi)
			}
		}
		check("title", e.Title, limits.EmbedTitle)
		check("description", e.Description, limits.EmbedDescription)
		p.atMost(join(ep, "url"), e.URL, limits.URL)
		if e.Color != nil && (*e.Color < 0 || *e.Color > limits.Color) {
			p.add(join(ep, "color"), "%s, want 0 to %d", number(*e.Color), limits.Color)
		}
		if e.Footer != nil {
			check("footer.text", e.Footer.Text, limits.Footer)
			p.atMost(join(ep, "footer.icon_url"), e.Footer.IconURL, limits.URL)
		}
		if e.Author != nil {
			check("author.name", e.Author.Name, limits.AuthorName)
			p.atMost(join(ep, "author.url"), e.Author.URL, limits.URL)
			p.atMost(join(ep, "author.icon_url"), e.Author.IconURL, limits.URL)
		}
		if e.Provider != nil {
			p.atMost(join(ep, "provider.name"), e.Provider.Name, limits.AuthorName)
			p.atMost(join(ep, "provider.url"), e.Provider.URL, limits.URL)
		}
		for _, m := range []struct {
			field string
			media *struct{ URL string }
		}{{"image", e.Image}, {"thumbnail", e.Thumbnail}, {"video", e.Video}} {
			if m.media != nil {
				p.atMost(join(ep, m.field+".url"), m.media.URL, limits.URL)
			}
		}
		if len(e.Fields) > limits.EmbedFields {
			p.add(join(ep, "fields"), "%d fields, at most %d", len(e.Fields), limits.EmbedFields)
		}
		for j, fl := range e.Fields {
			fp := fmt.Sprintf("fields[%d]", j)
			if strings.TrimSpace(fl.Name) == "" {
				p.add(join(ep, fp+".name"), "must not be empty")
			}
			if strings.TrimSpace(fl.Value) == "" {
				p.add(join(ep, fp+".value"), "must not be empty")
			}
			check(fp+".name", fl.Name, limits.FieldName)
			check(fp+".value", fl.Value, limits.FieldValue)
		}
	}
	if total > limits.EmbedTotal {
		p.add(path, "%d characters in all embeds together, at most %d", total, limits.EmbedTotal)
	}
}

func checkMentions(p *problems, path string, m *wireMentions) {
	parseUsers, parseRoles := false, false
	seen := map[string]bool{}
	for i, kind := range m.Parse {
		switch kind {
		case "users":
			parseUsers = true
		case "roles":
			parseRoles = true
		case "everyone":
		default:
			p.add(fmt.Sprintf("%s.parse[%d]", path, i), "%q is not users, roles or everyone", kind)
		}
		if seen[kind] {
			p.add(fmt.Sprintf("%s.parse[%d]", path, i), "%q appears twice", kind)
		}
		seen[kind] = true
	}
	if parseUsers && len(m.Users) > 0 {
		p.add(join(path, "users"), "cannot list users while parse has \"users\"")
	}
	if parseRoles && len(m.Roles) > 0 {
		p.add(join(path, "roles"), "cannot list roles while parse has \"roles\"")
	}
	for _, l := range []struct {
		field string
		ids   []string
	}{{"users", m.Users}, {"roles", m.Roles}} {
		field, ids := l.field, l.ids
		if len(ids) > limits.MentionIDs {
			p.add(join(path, field), "%d %s, at most %d", len(ids), field, limits.MentionIDs)
		}
		seen := map[string]bool{}
		for i, id := range ids {
			ip := fmt.Sprintf("%s.%s[%d]", path, field, i)
			if !snowflake.MatchString(id) {
				p.add(ip, "%q is not a snowflake", id)
			}
			if seen[id] {
				p.add(ip, "%q appears twice; the ids must be unique", id)
			}
			seen[id] = true
		}
	}
}

// checkAttachments checks the attachments a message keeps or describes.
func checkAttachments(p *problems, path string, raw json.RawMessage) {
	if !present(raw) || isNull(raw) {
		return
	}
	var as []struct {
		ID          json.RawMessage `json:"id"`
		Filename    *string         `json:"filename"`
		Description *string         `json:"description"`
	}
	if err := json.Unmarshal(raw, &as); err != nil {
		p.add(path, "%v", err)
		return
	}
	if len(as) > limits.Attachments {
		p.add(path, "%d attachments, at most %d", len(as), limits.Attachments)
	}
	for i, a := range as {
		ap := fmt.Sprintf("%s[%d]", path, i)
		if !present(a.ID) || isNull(a.ID) {
			p.add(join(ap, "id"), "missing")
		}
		if a.Filename != nil {
			p.length(join(ap, "filename"), *a.Filename, 1, limits.AttachmentText)
		}
		if a.Description != nil {
			p.atMost(join(ap, "description"), *a.Description, limits.AttachmentText)
		}
	}
}

func checkFiles(p *problems, files []File) {
	if len(files) > limits.Files {
		p.add("files", "%d files, at most %d", len(files), limits.Files)
	}
	total := 0
	for i, f := range files {
		total += len(f.Data)
		fp := fmt.Sprintf("files[%d]", i)
		if f.Name == "" {
			p.add(fp, "a file needs a name")
		}
		if len(f.Data) > limits.FileSize {
			p.add(fp, "%s is %d bytes, at most %d (10 MiB)", f.Name, len(f.Data), limits.FileSize)
		}
	}
	if total > limits.RequestSize {
		p.add("files", "%d bytes of files in one request, at most %d (25 MiB)", total, limits.RequestSize)
	}
}

// wireCommand is an application command as registered.
type wireCommand struct {
	ID                       string            `json:"id"`
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []wireCmdOption   `json:"options"`
	// A string or an integer: Discord accepts both.
	DefaultMemberPermissions json.RawMessage `json:"default_member_permissions"`
	DMPermission             *bool           `json:"dm_permission"`
	NSFW                     bool            `json:"nsfw"`
	Contexts                 []int           `json:"contexts"`
	IntegrationTypes         []int           `json:"integration_types"`
}

type wireCmdOption struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Required                 bool              `json:"required"`
	Autocomplete             bool              `json:"autocomplete"`
	Choices                  []wireChoice      `json:"choices"`
	Options                  []wireCmdOption   `json:"options"`
	ChannelTypes             []int             `json:"channel_types"`
	MinValue                 *float64          `json:"min_value"`
	MaxValue                 *float64          `json:"max_value"`
	MinLength                *int              `json:"min_length"`
	MaxLength                *int              `json:"max_length"`
}

type wireChoice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations"`
	Value             json.RawMessage   `json:"value"`
}

// Option types.
const (
	SubCommandOption      = 1
	SubCommandGroupOption = 2
	StringOption          = 3
	IntegerOption         = 4
	BooleanOption         = 5
	UserOption            = 6
	ChannelOption         = 7
	RoleOption            = 8
	MentionableOption     = 9
	NumberOption          = 10
	AttachmentOption      = 11
)

func checkCommands(p *problems, cmds []wireCommand) {
	counts := map[int]int{}
	names := map[string]int{}
	for i, c := range cmds {
		cp := fmt.Sprintf("[%d]", i)
		typ := c.Type
		if typ == 0 {
			typ = 1
		}
		counts[typ]++
		key := fmt.Sprintf("%d/%s", typ, c.Name)
		if prev, dup := names[key]; dup {
			p.add(join(cp, "name"), "%q is also the name of command [%d]", c.Name, prev)
		}
		names[key] = i
		switch typ {
		case 1:
			checkName(p, join(cp, "name"), c.Name)
			checkLocalizations(p, join(cp, "name_localizations"), c.NameLocalizations, func(path, s string) { checkName(p, path, s) })
			p.length(join(cp, "description"), c.Description, 1, limits.Description)
			checkLocalizations(p, join(cp, "description_localizations"), c.DescriptionLocalizations, func(path, s string) { p.length(path, s, 1, limits.Description) })
			checkOptions(p, join(cp, "options"), c.Options, topLevel)
			total := longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations) + optionText(c.Options)
			if total > limits.CommandText {
				p.add(cp, "%d characters of names, descriptions and choices, at most %d", total, limits.CommandText)
			}
		case 2, 3:
			p.length(join(cp, "name"), c.Name, 1, limits.CommandName)
			checkLocalizations(p, join(cp, "name_localizations"), c.NameLocalizations, func(path, s string) { p.length(path, s, 1, limits.CommandName) })
			if c.Description != "" {
				p.add(join(cp, "description"), "user and message commands have no description")
			}
			if len(c.Options) > 0 {
				p.add(join(cp, "options"), "user and message commands have no options")
			}
		default:
			p.add(join(cp, "type"), "command type %d, want 1, 2 or 3", c.Type)
		}
		checkPermissions(p, join(cp, "default_member_permissions"), c.DefaultMemberPermissions)
		checkEnumSet(p, join(cp, "contexts"), c.Contexts, 0, 2)
		checkEnumSet(p, join(cp, "integration_types"), c.IntegrationTypes, 0, 1)
	}
	for _, typ := range []int{1, 2, 3} {
		var names []string
		var locs []map[string]string
		var paths []string
		for i, c := range cmds {
			if c.Type == typ || c.Type == 0 && typ == 1 {
				names, locs, paths = append(names, c.Name), append(locs, c.NameLocalizations), append(paths, fmt.Sprintf("[%d]", i))
			}
		}
		uniqueLocalized(p, paths, names, locs)
	}
	if counts[1] > limits.Commands {
		p.add("", "%d chat input commands, at most %d", counts[1], limits.Commands)
	}
	for _, typ := range []int{2, 3} {
		if counts[typ] > limits.MenuCommands {
			p.add("", "%d commands of type %d, at most %d", counts[typ], typ, limits.MenuCommands)
		}
	}
}

func checkName(p *problems, path, name string) {
	if !commandName.MatchString(name) {
		p.add(path, "%q does not match ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$", name)
	} else if strings.ToLower(name) != name {
		p.add(path, "%q must be lowercase", name)
	}
}

// uniqueLocalized refuses two names of one level (commands of a type, or
// the options beside each other) that a locale shows the same: in each
// locale a name is its localization there, or the default name. Discord
// refuses a registration whose names clash in any locale.
func uniqueLocalized(p *problems, paths, names []string, locs []map[string]string) {
	used := map[string]bool{}
	for _, l := range locs {
		for k := range l {
			if locales[k] {
				used[k] = true
			}
		}
	}
	for _, loc := range sortedKeys(used) {
		seen := map[string]int{}
		for i, name := range names {
			s, localized := locs[i][loc]
			if localized {
				name = s
			}
			if prev, dup := seen[name]; dup {
				if _, also := locs[prev][loc]; localized || also { // two defaults alike are reported as such
					p.add(join(join(paths[i], "name_localizations"), loc), "in %s, %q is also the name of %s; names must be unique in every locale", loc, name, paths[prev])
				}
				continue
			}
			seen[name] = i
		}
	}
}

// checkLocalizations checks a localization dictionary: its keys are
// Discord's locales, its values pass check.
func checkLocalizations(p *problems, path string, locs map[string]string, check func(path, s string)) {
	for _, k := range sortedKeys(locs) {
		if !locales[k] {
			p.add(join(path, k), "%q is not one of Discord's locales", k)
			continue
		}
		check(join(path, k), locs[k])
	}
}

// checkPermissions checks default_member_permissions: null, or a bit set
// as a string or an integer.
func checkPermissions(p *problems, path string, raw json.RawMessage) {
	if !present(raw) || isNull(raw) {
		return
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	if n, err := strconv.ParseUint(s, 10, 64); err != nil || n > limits.Permissions {
		p.add(path, "%s is not a permission bit set (0 to %d)", raw, uint64(limits.Permissions))
	}
}

// checkEnumSet checks a list of distinct values from lo to hi, at least
// one if the list is sent.
func checkEnumSet(p *problems, path string, vs []int, lo, hi int) {
	if vs != nil && len(vs) == 0 {
		p.add(path, "must not be empty")
	}
	seen := map[int]bool{}
	for i, v := range vs {
		if v < lo || v > hi {
			p.add(fmt.Sprintf("%s[%d]", path, i), "%d, want %d to %d", v, lo, hi)
		}
		if seen[v] {
			p.add(fmt.Sprintf("%s[%d]", path, i), "%d appears twice", v)
		}
		seen[v] = true
	}
}

// longest is the length of a field toward the command's total: of its
// longest localization, the default included (the docs' "Slash Commands").
func longest(s string, locs map[string]string) int {
	n := runes(s)
	for _, l := range locs {
		n = max(n, runes(l))
	}
	return n
}

func optionText(opts []wireCmdOption) int {
	n := 0
	for _, o := range opts {
		n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations) + optionText(o.Options)
		for _, c := range o.Choices {
			n += longest(c.Name, c.NameLocalizations) + runes(strings.Trim(string(c.Value), `"`))
		}
	}
	return n
}

// Where options sit: a command's own, a group's, or a subcommand's.
const (
	topLevel = iota
	inGroup
	inSub
)

// checkOptions checks the options at one level.
func checkOptions(p *problems, path string, opts []wireCmdOption, level int) {
	if len(opts) > limits.CommandOptions {
		p.add(path, "%d options, at most %d", len(opts), limits.CommandOptions)
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optional := false
	for i, o := range opts {
		op := fmt.Sprintf("%s[%d]", path, i)
		checkName(p, join(op, "name"), o.Name)
		checkLocalizations(p, join(op, "name_localizations"), o.NameLocalizations, func(path, s string) { checkName(p, path, s) })
		if names[o.Name] {
			p.add(join(op, "name"), "%q appears twice", o.Name)
		}
		names[o.Name] = true
		p.length(join(op, "description"), o.Description, 1, limits.Description)
		checkLocalizations(p, join(op, "description_localizations"), o.DescriptionLocalizations, func(path, s string) { p.length(path, s, 1, limits.Description) })
		switch o.Type {
		case SubCommandGroupOption:
			subs++
			if level != topLevel {
				p.add(join(op, "type"), "a subcommand group can only be at the top level")
			}
			checkOptions(p, join(op, "options"), o.Options, inGroup)
		case SubCommandOption:
			subs++
			if level == inSub {
				p.add(join(op, "type"), "a subcommand cannot hold a subcommand")
			}
			checkOptions(p, join(op, "options"), o.Options, inSub)
		case StringOption, IntegerOption, BooleanOption, UserOption, ChannelOption, RoleOption, MentionableOption, NumberOption, AttachmentOption:
			plain++
			if level == inGroup {
				p.add(join(op, "type"), "a group holds only subcommands")
			}
			if o.Required && optional {
				p.add(join(op, "required"), "required options must come before optional ones")
			}
			optional = optional || !o.Required
			checkValueOption(p, op, o)
		default:
			p.add(join(op, "type"), "option type %d, want 1 to 11", o.Type)
		}
		if (o.Type == SubCommandOption || o.Type == SubCommandGroupOption) && o.Required {
			p.add(join(op, "required"), "a subcommand cannot be required")
		}
	}
	var paths, defaults []string
	var locs []map[string]string
	for i, o := range opts {
		paths, defaults, locs = append(paths, fmt.Sprintf("%s[%d]", path, i)), append(defaults, o.Name), append(locs, o.NameLocalizations)
	}
	uniqueLocalized(p, paths, defaults, locs)
	if subs > 0 && plain > 0 {
		p.add(path, "subcommands cannot be mixed with other options at one level")
	}
}

func checkValueOption(p *problems, op string, o wireCmdOption) {
	if len(o.Options) > 0 {
		p.add(join(op, "options"), "only subcommands and groups have options")
	}
	if len(o.Choices) > 0 {
		switch o.Type {
		case StringOption, IntegerOption, NumberOption:
		default:
			p.add(join(op, "choices"), "only string, integer and number options have choices")
		}
		if o.Autocomplete {
			p.add(join(op, "autocomplete"), "autocomplete cannot be combined with fixed choices")
		}
	}
	if o.Autocomplete && o.Type != StringOption && o.Type != IntegerOption && o.Type != NumberOption {
		p.add(join(op, "autocomplete"), "only string, integer and number options autocomplete")
	}
	checkChoices(p, join(op, "choices"), o.Choices, o.Type)
	p.between(join(op, "min_length"), o.MinLength, 0, limits.StringLength)
	p.between(join(op, "max_length"), o.MaxLength, 1, limits.StringLength)
	if o.Type == IntegerOption {
		for _, b := range []struct {
			field string
			v     *float64
		}{{"min_value", o.MinValue}, {"max_value", o.MaxValue}} {
			if b.v != nil && (*b.v != float64(int64(*b.v)) || *b.v < -limits.Int53 || *b.v > limits.Int53) {
				p.add(join(op, b.field), "%s is not an integer from -(2^53-1) to 2^53-1", number(*b.v))
			}
		}
	}
}

// checkChoices checks fixed choices or an autocomplete answer for an option
// of type optType. Discord trims a choice's name before it measures it.
func checkChoices(p *problems, path string, cs []wireChoice, optType int) {
	if len(cs) > limits.Choices {
		p.add(path, "%d choices, at most %d", len(cs), limits.Choices)
	}
	for i, c := range cs {
		cp := fmt.Sprintf("%s[%d]", path, i)
		p.length(join(cp, "name"), strings.TrimSpace(c.Name), 1, limits.ChoiceText)
		checkLocalizations(p, join(cp, "name_localizations"), c.NameLocalizations, func(path, s string) { p.length(path, s, 1, limits.ChoiceText) })
		var s string
		isString := json.Unmarshal(c.Value, &s) == nil
		var num float64
		isNumber := json.Unmarshal(c.Value, &num) == nil
		switch optType {
		case StringOption:
			if !isString {
				p.add(join(cp, "value"), "%s is not a string, as the option is", c.Value)
			} else {
				p.atMost(join(cp, "value"), s, limits.ChoiceText)
			}
		case IntegerOption:
			// Discord interprets a numeric string as the integer it spells.
			if isString {
				if n, err := strconv.ParseInt(s, 10, 64); err != nil || n < -limits.Int53 || n > limits.Int53 {
					p.add(join(cp, "value"), "could not interpret %q as an integer from -(2^53-1) to 2^53-1", s)
				}
			} else if !isNumber || num != float64(int64(num)) {
				p.add(join(cp, "value"), "%s is not an integer, as the option is", c.Value)
			} else if num < -limits.Int53 || num > limits.Int53 {
				p.add(join(cp, "value"), "%s is outside -(2^53-1) to 2^53-1", c.Value)
			}
		case NumberOption:
			if isString {
				if _, err := strconv.ParseFloat(s, 64); err != nil {
					p.add(join(cp, "value"), "could not interpret %q as a number", s)
				}
			} else if !isNumber {
				p.add(join(cp, "value"), "%s is not a number, as the option is", c.Value)
			}
		}
	}
}

// wireThread is a thread creation payload.
type wireThread struct {
	Name                string `json:"name"`
	AutoArchiveDuration *int   `json:"auto_archive_duration"`
	Type                int    `json:"type"`
	RateLimitPerUser    *int   `json:"rate_limit_per_user"`
}

// checkThread checks a thread creation payload.
func checkThread(p *problems, w wireThread, fromMessage bool) {
	p.length("name", w.Name, 1, limits.ThreadName)
	if d := w.AutoArchiveDuration; d != nil {
		switch *d {
		case 60, 1440, 4320, 10080:
		default:
			p.add("auto_archive_duration", "%d minutes, want 60, 1440, 4320 or 10080", *d)
		}
	}
	if !fromMessage {
		switch w.Type {
		case 0, 10, PublicThread, PrivateThread:
		default:
			p.add("type", "thread type %d, want 10, 11 or 12", w.Type)
		}
	}
	p.between("rate_limit_per_user", w.RateLimitPerUser, 0, limits.RateLimitPerUser)
}

// modalComponent is a component of a modal: an action row holding a text
// input, a label holding one interactive component, a text display, or one
// of those interactive components.
type modalComponent struct {
	Type        int              `json:"type"`
	CustomID    *string          `json:"custom_id"`
	Style       int              `json:"style"`
	Label       *string          `json:"label"`
	Description *string          `json:"description"`
	Content     *string          `json:"content"`
	Placeholder string           `json:"placeholder"`
	Value       string           `json:"value"`
	MinLength   *int             `json:"min_length"`
	MaxLength   *int             `json:"max_length"`
	MinValues   *int             `json:"min_values"`
	MaxValues   *int             `json:"max_values"`
	Required    *bool            `json:"required"`
	Disabled    bool             `json:"disabled"`
	Options     []wireOption     `json:"options"`
	Components  []modalComponent `json:"components"`
	Component   *modalComponent  `json:"component"`
}

// Modal component types beyond those of messages.
const (
	compTextDisplay   = 10
	compLabel         = 18
	compFileUpload    = 19
	compRadioGroup    = 21
	compCheckboxGroup = 22
	compCheckbox      = 23
)

// checkModal checks the data of a modal response.
func checkModal(p *problems, w *wireMessage) {
	checkCustomID(p, "data", w.CustomID)
	title := ""
	if w.Title != nil {
		title = *w.Title
	}
	p.length("data.title", title, 1, limits.ModalTitle)
	var rows []modalComponent
	if present(w.Components) && !isNull(w.Components) {
		if err := json.Unmarshal(w.Components, &rows); err != nil {
			p.add("data.components", "components: %v", err)
		}
	}
	if len(rows) < 1 || len(rows) > limits.ModalRows {
		p.add("data.components", "%d components, want 1 to %d", len(rows), limits.ModalRows)
	}
	ids := map[string]string{}
	for i, r := range rows {
		rp := fmt.Sprintf("data.components[%d]", i)
		switch r.Type {
		case ActionRow: // deprecated, but still accepted
			if len(r.Components) != 1 || r.Components[0].Type != TextInput {
				p.add(rp, "a modal's action row holds one text input")
				continue
			}
			in := r.Components[0]
			cp := rp + ".components[0]"
			if in.Label == nil {
				p.add(join(cp, "label"), "a text input outside a label needs a label")
			}
			checkModalInput(p, cp, in, ids)
		case compLabel:
			label := ""
			if r.Label != nil {
				label = *r.Label
			}
			p.length(join(rp, "label"), label, 1, limits.Label)
			if r.Description != nil {
				p.length(join(rp, "description"), *r.Description, 1, limits.LabelDescription)
			}
			if r.Component == nil {
				p.add(join(rp, "component"), "a label holds one component")
				continue
			}
			checkModalInput(p, join(rp, "component"), *r.Component, ids)
		case compTextDisplay:
			content := ""
			if r.Content != nil {
				content = *r.Content
			}
			p.length(join(rp, "content"), content, 1, limits.TextInput)
		default:
			p.add(join(rp, "type"), "component type %d cannot be at the top of a modal; want an action row (1), a label (18) or a text display (10)", r.Type)
		}
	}
}

// checkModalInput checks an interactive component of a modal.
func checkModalInput(p *problems, path string, c modalComponent, ids map[string]string) {
	checkCustomID(p, path, c.CustomID)
	uniqueID(p, ids, path, c.CustomID)
	if c.Disabled {
		p.add(join(path, "disabled"), "a modal cannot have disabled components")
	}
	if c.MinValues != nil && *c.MinValues < 1 && (c.Required == nil || *c.Required) {
		p.add(join(path, "min_values"), "min_values %d in a required component; set required to false", *c.MinValues)
	}
	switch c.Type {
	case TextInput:
		if c.Style != 1 && c.Style != 2 {
			p.add(join(path, "style"), "text input style %d, want 1 (short) or 2 (paragraph)", c.Style)
		}
		if c.Label != nil {
			p.length(join(path, "label"), *c.Label, 1, limits.Label)
		}
		p.atMost(join(path, "placeholder"), c.Placeholder, limits.InputPlaceholder)
		p.atMost(join(path, "value"), c.Value, limits.TextInput)
		p.between(join(path, "min_length"), c.MinLength, 0, limits.TextInput)
		p.between(join(path, "max_length"), c.MaxLength, 1, limits.TextInput)
	case StringSelect, 5, 6, 7, 8:
		checkSelect(p, path, wireComponent{Type: c.Type, CustomID: c.CustomID, Placeholder: c.Placeholder, MinValues: c.MinValues, MaxValues: c.MaxValues, Options: c.Options})
	case compFileUpload, compCheckboxGroup:
		p.between(join(path, "min_values"), c.MinValues, 0, limits.ModalChoices)
		p.between(join(path, "max_values"), c.MaxValues, 1, limits.ModalChoices)
		if c.Type == compCheckboxGroup {
			checkModalOptions(p, path, c.Options, 1)
		}
	case compRadioGroup:
		checkModalOptions(p, path, c.Options, 2)
	case compCheckbox:
	default:
		p.add(join(path, "type"), "component type %d cannot be in a modal", c.Type)
	}
}

// checkModalOptions checks the options of a radio or checkbox group.
func checkModalOptions(p *problems, path string, opts []wireOption, lo int) {
	if len(opts) < lo || len(opts) > limits.ModalChoices {
		p.add(join(path, "options"), "%d options, want %d to %d", len(opts), lo, limits.ModalChoices)
	}
	for i, o := range opts {
		op := fmt.Sprintf("%s.options[%d]", path, i)
		p.length(join(op, "label"), o.Label, 1, limits.OptionText)
		p.length(join(op, "value"), o.Value, 1, limits.OptionText)
		p.atMost(join(op, "description"), o.Description, limits.OptionText)
	}
}
