package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // attachment sizes, as Discord reports them
	_ "image/jpeg"
	_ "image/png"
	"strings"
	"time"
)

// Message flags the Fake cares about.
const (
	FlagSuppressEmbeds        = 1 << 2
	FlagEphemeral             = 1 << 6
	FlagLoading               = 1 << 7
	FlagSuppressNotifications = 1 << 12
)

// Message is a message the bot posted, as it is now.
type Message struct {
	ID        string
	ChannelID string
	Content   string
	// Components are the message's action rows.
	Components []Component
	Embeds     []Embed
	Files      []File
	Flags      int
	// For is the one user who can see an ephemeral message.
	For string
	// Mentions are the users allowed_mentions lets the message ping, and
	// MentionParse the kinds it lets it ping by content ("users", "roles",
	// "everyone").
	Mentions     []string
	MentionParse []string
	// Interaction is the id of the interaction the message answers, if any.
	Interaction string
	Created     time.Time
	Edits       int
	Deleted     bool
}

// Embed is an embed of a message: its title and description.
type Embed struct {
	Title, Description string
}

// Text is everything the message says: its content and its embeds'
// titles and descriptions.
func (m Message) Text() string {
	parts := []string{m.Content}
	for _, e := range m.Embeds {
		parts = append(parts, e.Title, e.Description)
	}
	return strings.Join(parts, "\n")
}

// Ephemeral reports whether only one user can see the message.
func (m Message) Ephemeral() bool { return m.Flags&FlagEphemeral != 0 }

// Loading reports whether the message is a deferral still "thinking".
func (m Message) Loading() bool { return m.Flags&FlagLoading != 0 }

// Pings returns the users the message notifies: those mentioned in the
// content whom allowed_mentions lets it ping.
func (m Message) Pings() []string {
	var out []string
	all := false
	for _, p := range m.MentionParse {
		all = all || p == "users"
	}
	for _, id := range mentionedUsers(m.Content) {
		ok := all
		for _, u := range m.Mentions {
			ok = ok || u == id
		}
		if ok {
			out = append(out, id)
		}
	}
	return out
}

// mentionedUsers finds <@id> and <@!id> in s.
func mentionedUsers(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "<@")
		if i < 0 {
			return out
		}
		s = s[i+2:]
		s = strings.TrimPrefix(s, "!")
		j := strings.IndexByte(s, '>')
		if j < 0 {
			return out
		}
		if id := s[:j]; id != "" && strings.Trim(id, "0123456789") == "" {
			out = append(out, id)
		}
		s = s[j:]
	}
}

// Find returns the first component, in any row, for which pred is true.
func (m Message) Find(pred func(Component) bool) (Component, bool) {
	var walk func([]Component) (Component, bool)
	walk = func(cs []Component) (Component, bool) {
		for _, c := range cs {
			if pred(c) {
				return c, true
			}
			if got, ok := walk(c.Components); ok {
				return got, true
			}
		}
		return Component{}, false
	}
	return walk(m.Components)
}

// Select returns the string select whose custom id ends with suffix.
func (m Message) Select(suffix string) (Component, bool) {
	return m.Find(func(c Component) bool { return c.Type == StringSelect && strings.HasSuffix(c.CustomID, suffix) })
}

// Button returns the button labelled label.
func (m Message) Button(label string) (Component, bool) {
	return m.Find(func(c Component) bool { return c.Type == ButtonComponent && c.Label == label })
}

// Component types.
const (
	ActionRow       = 1
	ButtonComponent = 2
	StringSelect    = 3
	TextInput       = 4
)

// Component is a row, button or select as the bot sent it.
type Component struct {
	Type        int
	CustomID    string
	Label       string
	Style       int
	URL         string
	Disabled    bool
	Placeholder string
	MinValues   int // 1 unless set
	MaxValues   int // 1 unless set
	Options     []SelectOption
	Components  []Component // a row's components
}

// SelectOption is an option of a string select.
type SelectOption struct {
	Label       string
	Value       string
	Description string
	Default     bool
}

// Option returns the select option with the value.
func (c Component) Option(value string) (SelectOption, bool) {
	for _, o := range c.Options {
		if o.Value == value {
			return o, true
		}
	}
	return SelectOption{}, false
}

// message is a stored message; snapshot copies it out.
type message struct {
	Message
	raw      json.RawMessage // components as received, echoed back
	kind     int             // Discord's message type
	edited   time.Time
	guildID  string
	attachID []string // attachment ids, parallel to Files
}

func (m *message) snapshot() Message { return m.Message }

// wireMessage is a message payload: a create, an edit, or the data of an
// interaction response. Raw fields are nil when absent.
type wireMessage struct {
	Content         *string         `json:"content"`
	Components      json.RawMessage `json:"components"`
	Embeds          json.RawMessage `json:"embeds"`
	Flags           *int            `json:"flags"`
	AllowedMentions *wireMentions   `json:"allowed_mentions"`
	Attachments     json.RawMessage `json:"attachments"`
	TTS             bool            `json:"tts"`
	Poll            json.RawMessage `json:"poll"`
	StickerIDs      []string        `json:"sticker_ids"`
	// Autocomplete results and modals.
	Choices  json.RawMessage `json:"choices"`
	CustomID *string         `json:"custom_id"`
	Title    *string         `json:"title"`
}

type wireMentions struct {
	Parse       []string `json:"parse"`
	Users       []string `json:"users"`
	Roles       []string `json:"roles"`
	RepliedUser bool     `json:"replied_user"`
}

type wireComponent struct {
	Type        int             `json:"type"`
	CustomID    *string         `json:"custom_id"`
	Label       *string         `json:"label"`
	Style       int             `json:"style"`
	URL         string          `json:"url"`
	SKUID       string          `json:"sku_id"`
	Emoji       json.RawMessage `json:"emoji"`
	Disabled    bool            `json:"disabled"`
	Placeholder string          `json:"placeholder"`
	MinValues   *int            `json:"min_values"`
	MaxValues   *int            `json:"max_values"`
	Options     []wireOption    `json:"options"`
	Components  []wireComponent `json:"components"`
	// Text inputs, in modals.
	Value     string `json:"value"`
	MinLength *int   `json:"min_length"`
	MaxLength *int   `json:"max_length"`
}

type wireOption struct {
	Label       string          `json:"label"`
	Value       string          `json:"value"`
	Description string          `json:"description"`
	Emoji       json.RawMessage `json:"emoji"`
	Default     bool            `json:"default"`
}

type wireEmbed struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Fields      []struct {
		Name   string `json:"name"`
		Value  string `json:"value"`
		Inline bool   `json:"inline"`
	} `json:"fields"`
	Footer *struct {
		Text string `json:"text"`
	} `json:"footer"`
	Author *struct {
		Name string `json:"name"`
	} `json:"author"`
}

type wireAttachment struct {
	ID       json.RawMessage `json:"id"` // a snowflake string, or a number for a new file
	Filename string          `json:"filename"`
}

// present reports whether a raw field was sent (even as null).
func present(raw json.RawMessage) bool { return raw != nil }

func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// decodeList reads raw, a message's field what (its components or
// embeds), as a list of T: none when the field is missing or null.
func decodeList[T any](raw json.RawMessage, what string) ([]T, error) {
	if !present(raw) || isNull(raw) {
		return nil, nil
	}
	var list []T
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return list, nil
}

// setIfSent sets *field to what a message sent, unless it sent nothing.
func setIfSent[T any](field, sent *T) {
	if sent != nil {
		*field = *sent
	}
}

func toComponents(ws []wireComponent) []Component {
	var out []Component
	for _, w := range ws {
		c := Component{Type: w.Type, Style: w.Style, URL: w.URL, Disabled: w.Disabled, Placeholder: w.Placeholder, MinValues: 1, MaxValues: 1}
		// Fields not sent keep their defaults.
		setIfSent(&c.CustomID, w.CustomID)
		setIfSent(&c.Label, w.Label)
		setIfSent(&c.MinValues, w.MinValues)
		setIfSent(&c.MaxValues, w.MaxValues)
		for _, o := range w.Options {
			c.Options = append(c.Options, SelectOption{Label: o.Label, Value: o.Value, Description: o.Description, Default: o.Default})
		}
		c.Components = toComponents(w.Components)
		out = append(out, c)
	}
	return out
}

// newMessage stores a message the bot creates; call with f.mu held.
func (f *Fake) newMessage(ch Channel, w *wireMessage, files []File, flags int, forUser, interaction string, kind int) *message {
	m := &message{Message: Message{ID: f.snowflake(), ChannelID: ch.ID, Flags: flags, Interaction: interaction, Created: time.Now()}, kind: kind, guildID: ch.GuildID}
	if flags&FlagEphemeral != 0 {
		m.For = forUser
	}
	f.apply(m, w, files, false)
	f.messages[m.ID] = m
	f.order = append(f.order, m.ID)
	f.inChannel[ch.ID] = append(f.inChannel[ch.ID], m.ID)
	return m
}

// apply writes a create or an edit into m: the fields sent replace the old
// ones; new files are added to the attachments kept. Call with f.mu held.
func (f *Fake) apply(m *message, w *wireMessage, files []File, edit bool) {
	if w == nil {
		w = &wireMessage{}
	}
	if w.Content != nil {
		m.Content = *w.Content
	}
	if present(w.Components) {
		cs, _ := decodeList[wireComponent](w.Components, "components")
		m.Components = toComponents(cs)
		m.raw = nil
		if len(cs) > 0 {
			m.raw = append(json.RawMessage(nil), w.Components...)
		}
	}
	if present(w.Embeds) {
		es, _ := decodeList[wireEmbed](w.Embeds, "embeds")
		m.Embeds = nil
		for _, e := range es {
			m.Embeds = append(m.Embeds, Embed{Title: e.Title, Description: e.Description})
		}
	}
	if w.AllowedMentions != nil {
		m.Mentions = append([]string(nil), w.AllowedMentions.Users...)
		m.MentionParse = append([]string(nil), w.AllowedMentions.Parse...)
	} else if !edit {
		m.MentionParse = []string{"users", "roles", "everyone"} // Discord's default
	}
	keepFiles, keepIDs := m.Files, m.attachID
	if edit && present(w.Attachments) {
		var kept []wireAttachment
		json.Unmarshal(w.Attachments, &kept)
		keepFiles, keepIDs = nil, nil
		for i, id := range m.attachID {
			for _, k := range kept {
				if strings.Trim(string(k.ID), `"`) == id {
					keepFiles, keepIDs = append(keepFiles, m.Files[i]), append(keepIDs, id)
				}
			}
		}
	}
	m.Files = append([]File(nil), keepFiles...)
	m.attachID = append([]string(nil), keepIDs...)
	for _, file := range files {
		m.Files = append(m.Files, file)
		m.attachID = append(m.attachID, f.snowflake())
	}
	if edit {
		m.Edits++
		m.edited = time.Now()
	}
}

// messageJSON is m as Discord's API returns it. Call with f.mu held.
func (f *Fake) messageJSON(m *message) map[string]any {
	var attachments []map[string]any
	for i, file := range m.Files {
		a := map[string]any{
			"id": m.attachID[i], "filename": file.Name, "size": len(file.Data), "content_type": file.ContentType,
			"url":       fmt.Sprintf("https://cdn.discordapp.com/attachments/%s/%s/%s", m.ChannelID, m.attachID[i], file.Name),
			"proxy_url": fmt.Sprintf("https://media.discordapp.net/attachments/%s/%s/%s", m.ChannelID, m.attachID[i], file.Name),
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(file.Data)); err == nil {
			a["width"], a["height"] = cfg.Width, cfg.Height
		}
		if m.Ephemeral() {
			a["ephemeral"] = true
		}
		attachments = append(attachments, a)
	}
	components := json.RawMessage("[]")
	if m.raw != nil {
		components = m.raw
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "type": m.kind, "content": m.Content,
		"author": userJSON(f.bot), "timestamp": timestamp(m.Created), "edited_timestamp": nil,
		"tts": false, "mention_everyone": false, "mentions": []any{}, "mention_roles": []any{},
		"attachments": attachments, "embeds": []any{}, "components": components, "flags": m.Flags, "pinned": false,
	}
	if attachments == nil {
		out["attachments"] = []any{}
	}
	if !m.edited.IsZero() {
		out["edited_timestamp"] = timestamp(m.edited)
	}
	if m.guildID != "" {
		out["guild_id"] = m.guildID
	}
	if m.Interaction != "" {
		out["webhook_id"] = f.appID
		out["application_id"] = f.appID
	}
	return out
}

func userJSON(u User) map[string]any {
	out := map[string]any{"id": u.ID, "username": u.Username, "discriminator": "0", "avatar": nil, "public_flags": 0}
	if u.GlobalName != "" {
		out["global_name"] = u.GlobalName
	} else {
		out["global_name"] = nil
	}
	if u.Bot {
		out["bot"] = true
	}
	return out
}

func memberJSON(u User) map[string]any {
	out := map[string]any{
		"user": userJSON(u), "roles": []any{}, "joined_at": "2024-01-01T00:00:00.000000+00:00",
		"deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "2248473465835073", "avatar": nil,
	}
	if u.Nick != "" {
		out["nick"] = u.Nick
	} else {
		out["nick"] = nil
	}
	return out
}

func channelJSON(c Channel) map[string]any {
	out := map[string]any{"id": c.ID, "type": c.Type, "name": c.Name}
	if c.GuildID != "" {
		out["guild_id"] = c.GuildID
	}
	if c.IsThread() {
		out["parent_id"] = c.ParentID
		out["thread_metadata"] = map[string]any{"archived": false, "auto_archive_duration": 1440, "locked": false, "archive_timestamp": timestamp(time.Now())}
		out["message_count"], out["member_count"] = 0, 1
	}
	return out
}
