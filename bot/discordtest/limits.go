package discordtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The limits of ../shared/discord.md, and the few more Discord enforces on
// the same payloads.
const (
	maxContent        = 2000
	maxRows           = 5
	maxButtonsPerRow  = 5
	maxCustomID       = 100
	maxButtonLabel    = 80
	maxSelectOptions  = 25
	maxOptionText     = 100 // select option label, value and description
	maxPlaceholder    = 150
	maxEmbeds         = 10
	maxEmbedTotal     = 6000
	maxEmbedTitle     = 256
	maxEmbedDesc      = 4096
	maxEmbedFields    = 25
	maxFieldName      = 256
	maxFieldValue     = 1024
	maxFooter         = 2048
	maxAuthorName     = 256
	maxFiles          = 10
	maxFileSize       = 10 << 20 // default upload limit per file
	maxRequestFiles   = 25 << 20 // per request
	maxChoices        = 25       // per option, and per autocomplete answer
	maxChoiceText     = 100
	maxCommandOptions = 25
	maxCommands       = 100
	maxCommandText    = 4000 // names, descriptions and choices of one command together
	maxDescription    = 100
	maxMentionIDs     = 100
	maxThreadName     = 100
	maxModalTitle     = 45
	maxModalRows      = 5
)

var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}]{1,32}$`)

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

func join(prefix, field string) string {
	if prefix == "" {
		return field
	}
	return prefix + "." + field
}

// Allowed message flags, by where they are sent.
const (
	responseFlags = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotifications
	channelFlags  = FlagSuppressEmbeds | FlagSuppressNotifications
)

// checkMessage checks a message payload at prefix: create says it makes a
// new message (which must not be empty), allowedFlags which flags it may
// set.
func checkMessage(p *problems, prefix string, w *wireMessage, files []File, create bool, allowedFlags int) {
	content := ""
	if w.Content != nil {
		content = *w.Content
		if runes(content) > maxContent {
			p.add(join(prefix, "content"), "%d characters, at most %d", runes(content), maxContent)
		}
	}
	rows, err := decodeComponents(w.Components)
	if err != nil {
		p.add(join(prefix, "components"), "%v", err)
	}
	checkComponents(p, join(prefix, "components"), rows)
	embeds, err := decodeEmbeds(w.Embeds)
	if err != nil {
		p.add(join(prefix, "embeds"), "%v", err)
	}
	checkEmbeds(p, join(prefix, "embeds"), embeds)
	if w.AllowedMentions != nil {
		checkMentions(p, join(prefix, "allowed_mentions"), w.AllowedMentions)
	}
	if w.Flags != nil && *w.Flags&^allowedFlags != 0 {
		p.add(join(prefix, "flags"), "flags %d include %d, which cannot be set here", *w.Flags, *w.Flags&^allowedFlags)
	}
	checkFiles(p, files)
	if create && strings.TrimSpace(content) == "" && len(rows) == 0 && len(embeds) == 0 && len(files) == 0 &&
		(!present(w.Poll) || isNull(w.Poll)) && len(w.StickerIDs) == 0 {
		p.add(join(prefix, "content"), "cannot send an empty message")
	}
}

func checkComponents(p *problems, path string, rows []wireComponent) {
	if len(rows) > maxRows {
		p.add(path, "%d action rows, at most %d", len(rows), maxRows)
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
			if c.CustomID != nil {
				if prev, dup := ids[*c.CustomID]; dup {
					p.add(join(cp, "custom_id"), "%q is also the custom_id of %s; custom ids must be unique within a message", *c.CustomID, prev)
				}
				ids[*c.CustomID] = cp
			}
		}
		switch {
		case buttons > maxButtonsPerRow:
			p.add(join(rp, "components"), "%d buttons in a row, at most %d", buttons, maxButtonsPerRow)
		case selects > 1:
			p.add(join(rp, "components"), "%d selects in a row; a select fills its row alone", selects)
		case selects == 1 && buttons > 0:
			p.add(join(rp, "components"), "a select and %d buttons in one row; a select fills its row alone", buttons)
		}
	}
}

func checkCustomID(p *problems, path string, id *string) {
	if id == nil {
		p.add(join(path, "custom_id"), "missing")
		return
	}
	p.length(join(path, "custom_id"), *id, 1, maxCustomID)
}

func checkButton(p *problems, path string, c wireComponent) {
	label := ""
	if c.Label != nil {
		label = *c.Label
	}
	if runes(label) > maxButtonLabel {
		p.add(join(path, "label"), "%d characters, at most %d", runes(label), maxButtonLabel)
	}
	if label == "" && (!present(c.Emoji) || isNull(c.Emoji)) && c.Style != 6 {
		p.add(join(path, "label"), "a button needs a label or an emoji")
	}
	switch c.Style {
	case 1, 2, 3, 4:
		checkCustomID(p, path, c.CustomID)
		if c.URL != "" {
			p.add(join(path, "url"), "only link buttons (style 5) have a url")
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
	default:
		p.add(join(path, "style"), "button style %d, want 1 to 6", c.Style)
	}
}

func checkSelect(p *problems, path string, c wireComponent) {
	checkCustomID(p, path, c.CustomID)
	if runes(c.Placeholder) > maxPlaceholder {
		p.add(join(path, "placeholder"), "%d characters, at most %d", runes(c.Placeholder), maxPlaceholder)
	}
	lo, hi := 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
		if lo < 0 || lo > maxSelectOptions {
			p.add(join(path, "min_values"), "%d, want 0 to %d", lo, maxSelectOptions)
		}
	}
	if c.MaxValues != nil {
		hi = *c.MaxValues
		if hi < 1 || hi > maxSelectOptions {
			p.add(join(path, "max_values"), "%d, want 1 to %d", hi, maxSelectOptions)
		}
	}
	if lo > hi {
		p.add(join(path, "min_values"), "min_values %d is more than max_values %d", lo, hi)
	}
	if c.Type != StringSelect {
		return
	}
	switch n := len(c.Options); {
	case n == 0:
		p.add(join(path, "options"), "a string select needs 1 to %d options", maxSelectOptions)
	case n > maxSelectOptions:
		p.add(join(path, "options"), "%d options, at most %d", n, maxSelectOptions)
	}
	if hi > len(c.Options) && len(c.Options) > 0 {
		p.add(join(path, "max_values"), "max_values %d is more than the %d options", hi, len(c.Options))
	}
	values := map[string]bool{}
	for i, o := range c.Options {
		op := fmt.Sprintf("%s.options[%d]", path, i)
		p.length(join(op, "label"), o.Label, 1, maxOptionText)
		p.length(join(op, "value"), o.Value, 1, maxOptionText)
		if runes(o.Description) > maxOptionText {
			p.add(join(op, "description"), "%d characters, at most %d", runes(o.Description), maxOptionText)
		}
		if values[o.Value] {
			p.add(join(op, "value"), "%q appears twice; option values must be unique", o.Value)
		}
		values[o.Value] = true
	}
}

func checkEmbeds(p *problems, path string, es []wireEmbed) {
	if len(es) > maxEmbeds {
		p.add(path, "%d embeds, at most %d", len(es), maxEmbeds)
	}
	total := 0
	for i, e := range es {
		ep := fmt.Sprintf("%s[%d]", path, i)
		check := func(field, s string, hi int) {
			total += runes(s)
			if runes(s) > hi {
				p.add(join(ep, field), "%d characters, at most %d", runes(s), hi)
			}
		}
		check("title", e.Title, maxEmbedTitle)
		check("description", e.Description, maxEmbedDesc)
		if e.Footer != nil {
			check("footer.text", e.Footer.Text, maxFooter)
		}
		if e.Author != nil {
			check("author.name", e.Author.Name, maxAuthorName)
		}
		if len(e.Fields) > maxEmbedFields {
			p.add(join(ep, "fields"), "%d fields, at most %d", len(e.Fields), maxEmbedFields)
		}
		for j, fl := range e.Fields {
			fp := fmt.Sprintf("fields[%d]", j)
			if fl.Name == "" {
				p.add(join(ep, fp+".name"), "must not be empty")
			}
			if fl.Value == "" {
				p.add(join(ep, fp+".value"), "must not be empty")
			}
			check(fp+".name", fl.Name, maxFieldName)
			check(fp+".value", fl.Value, maxFieldValue)
		}
	}
	if total > maxEmbedTotal {
		p.add(path, "%d characters in all embeds together, at most %d", total, maxEmbedTotal)
	}
}

func checkMentions(p *problems, path string, m *wireMentions) {
	parseUsers, parseRoles := false, false
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
	}
	if parseUsers && len(m.Users) > 0 {
		p.add(join(path, "users"), "cannot list users while parse has \"users\"")
	}
	if parseRoles && len(m.Roles) > 0 {
		p.add(join(path, "roles"), "cannot list roles while parse has \"roles\"")
	}
	if len(m.Users) > maxMentionIDs {
		p.add(join(path, "users"), "%d users, at most %d", len(m.Users), maxMentionIDs)
	}
	if len(m.Roles) > maxMentionIDs {
		p.add(join(path, "roles"), "%d roles, at most %d", len(m.Roles), maxMentionIDs)
	}
}

func checkFiles(p *problems, files []File) {
	if len(files) > maxFiles {
		p.add("files", "%d files, at most %d", len(files), maxFiles)
	}
	total := 0
	for i, f := range files {
		total += len(f.Data)
		fp := fmt.Sprintf("files[%d]", i)
		if f.Name == "" {
			p.add(fp, "a file needs a name")
		}
		if len(f.Data) > maxFileSize {
			p.add(fp, "%s is %d bytes, at most %d (10 MiB)", f.Name, len(f.Data), maxFileSize)
		}
	}
	if total > maxRequestFiles {
		p.add("files", "%d bytes of files in one request, at most %d (25 MiB)", total, maxRequestFiles)
	}
}

// wireCommand is an application command as registered.
type wireCommand struct {
	ID                       string          `json:"id"`
	Type                     int             `json:"type"`
	Name                     string          `json:"name"`
	Description              string          `json:"description"`
	Options                  []wireCmdOption `json:"options"`
	DefaultMemberPermissions *string         `json:"default_member_permissions"`
	DMPermission             *bool           `json:"dm_permission"`
	NSFW                     bool            `json:"nsfw"`
	Contexts                 []int           `json:"contexts"`
	IntegrationTypes         []int           `json:"integration_types"`
}

type wireCmdOption struct {
	Type         int             `json:"type"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Required     bool            `json:"required"`
	Autocomplete bool            `json:"autocomplete"`
	Choices      []wireChoice    `json:"choices"`
	Options      []wireCmdOption `json:"options"`
	ChannelTypes []int           `json:"channel_types"`
	MinValue     *float64        `json:"min_value"`
	MaxValue     *float64        `json:"max_value"`
	MinLength    *int            `json:"min_length"`
	MaxLength    *int            `json:"max_length"`
}

type wireChoice struct {
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
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
			p.length(join(cp, "description"), c.Description, 1, maxDescription)
			checkOptions(p, join(cp, "options"), c.Options, topLevel)
			total := runes(c.Name) + runes(c.Description) + optionText(c.Options)
			if total > maxCommandText {
				p.add(cp, "%d characters of names, descriptions and choices, at most %d", total, maxCommandText)
			}
		case 2, 3:
			p.length(join(cp, "name"), c.Name, 1, 32)
			if c.Description != "" {
				p.add(join(cp, "description"), "user and message commands have no description")
			}
			if len(c.Options) > 0 {
				p.add(join(cp, "options"), "user and message commands have no options")
			}
		default:
			p.add(join(cp, "type"), "command type %d, want 1, 2 or 3", c.Type)
		}
	}
	if counts[1] > maxCommands {
		p.add("", "%d chat input commands, at most %d", counts[1], maxCommands)
	}
	for _, typ := range []int{2, 3} {
		if counts[typ] > 5 {
			p.add("", "%d commands of type %d, at most 5", counts[typ], typ)
		}
	}
}

func checkName(p *problems, path, name string) {
	if !commandName.MatchString(name) {
		p.add(path, "%q does not match ^[-_'\\p{L}\\p{N}]{1,32}$", name)
	} else if strings.ToLower(name) != name {
		p.add(path, "%q must be lowercase", name)
	}
}

func optionText(opts []wireCmdOption) int {
	n := 0
	for _, o := range opts {
		n += runes(o.Name) + runes(o.Description) + optionText(o.Options)
		for _, c := range o.Choices {
			n += runes(c.Name) + runes(strings.Trim(string(c.Value), `"`))
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
	if len(opts) > maxCommandOptions {
		p.add(path, "%d options, at most %d", len(opts), maxCommandOptions)
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optional := false
	for i, o := range opts {
		op := fmt.Sprintf("%s[%d]", path, i)
		checkName(p, join(op, "name"), o.Name)
		if names[o.Name] {
			p.add(join(op, "name"), "%q appears twice", o.Name)
		}
		names[o.Name] = true
		p.length(join(op, "description"), o.Description, 1, maxDescription)
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
	if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
		p.add(join(op, "min_length"), "%d, want 0 to 6000", *o.MinLength)
	}
	if o.MaxLength != nil && (*o.MaxLength < 1 || *o.MaxLength > 6000) {
		p.add(join(op, "max_length"), "%d, want 1 to 6000", *o.MaxLength)
	}
}

// checkChoices checks fixed choices or an autocomplete answer for an option
// of type optType.
func checkChoices(p *problems, path string, cs []wireChoice, optType int) {
	if len(cs) > maxChoices {
		p.add(path, "%d choices, at most %d", len(cs), maxChoices)
	}
	for i, c := range cs {
		cp := fmt.Sprintf("%s[%d]", path, i)
		p.length(join(cp, "name"), c.Name, 1, maxChoiceText)
		var s string
		isString := json.Unmarshal(c.Value, &s) == nil
		var num float64
		isNumber := json.Unmarshal(c.Value, &num) == nil
		switch optType {
		case StringOption:
			if !isString {
				p.add(join(cp, "value"), "%s is not a string, as the option is", c.Value)
			} else {
				p.length(join(cp, "value"), s, 1, maxChoiceText)
			}
		case IntegerOption:
			// Discord interprets a numeric string as the integer it spells.
			if isString {
				if _, err := strconv.ParseInt(s, 10, 64); err != nil {
					p.add(join(cp, "value"), "could not interpret %q as an integer", s)
				}
			} else if !isNumber || num != float64(int64(num)) {
				p.add(join(cp, "value"), "%s is not an integer, as the option is", c.Value)
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

// checkThread checks a thread creation payload.
type wireThread struct {
	Name                string `json:"name"`
	AutoArchiveDuration int    `json:"auto_archive_duration"`
	Type                int    `json:"type"`
	RateLimitPerUser    int    `json:"rate_limit_per_user"`
}

func checkThread(p *problems, w wireThread, fromMessage bool) {
	p.length("name", w.Name, 1, maxThreadName)
	switch w.AutoArchiveDuration {
	case 0, 60, 1440, 4320, 10080:
	default:
		p.add("auto_archive_duration", "%d minutes, want 60, 1440, 4320 or 10080", w.AutoArchiveDuration)
	}
	if !fromMessage {
		switch w.Type {
		case 0, 10, PublicThread, PrivateThread:
		default:
			p.add("type", "thread type %d, want 10, 11 or 12", w.Type)
		}
	}
	if w.RateLimitPerUser < 0 || w.RateLimitPerUser > 21600 {
		p.add("rate_limit_per_user", "%d, want 0 to 21600", w.RateLimitPerUser)
	}
}

// checkModal checks the data of a modal response.
func checkModal(p *problems, w *wireMessage) {
	checkCustomID(p, "data", w.CustomID)
	title := ""
	if w.Title != nil {
		title = *w.Title
	}
	p.length("data.title", title, 1, maxModalTitle)
	rows, err := decodeComponents(w.Components)
	if err != nil {
		p.add("data.components", "%v", err)
	}
	if len(rows) < 1 || len(rows) > maxModalRows {
		p.add("data.components", "%d rows, want 1 to %d", len(rows), maxModalRows)
	}
	for i, r := range rows {
		if r.Type != ActionRow || len(r.Components) != 1 || r.Components[0].Type != TextInput {
			p.add(fmt.Sprintf("data.components[%d]", i), "each modal row holds one text input")
			continue
		}
		in := r.Components[0]
		cp := fmt.Sprintf("data.components[%d].components[0]", i)
		checkCustomID(p, cp, in.CustomID)
		label := ""
		if in.Label != nil {
			label = *in.Label
		}
		p.length(join(cp, "label"), label, 1, 45)
	}
}
