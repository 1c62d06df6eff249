package discord

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"parlor/bot"
)

// DefaultSweepEvery is how often Run sweeps when SweepEvery is zero.
const DefaultSweepEvery = time.Minute

// Discord is the gateway adapter: it registers the commands, turns each
// interaction into a Request and the Handler's Response into Discord calls.
type Discord struct {
	Session *discordgo.Session
	Handler bot.Handler
	// GuildID, if set, registers the commands in that server only, where
	// they update at once; otherwise they are global.
	GuildID string
	// DeferAfter is how long a handler may take before the interaction is
	// deferred, well inside Discord's 3 seconds. Zero means 1.5 s.
	DeferAfter time.Duration
	// When more than CrowdAt interactions are in hand (zero means twice
	// the cores), an interaction that arrives is deferred at once, and one
	// not answered within CrowdWait (zero means 100 ms) is deferred then:
	// in a crowd the answers wait their turn to be drawn, and Discord hears
	// at once that the bot is on it.
	CrowdAt   int
	CrowdWait time.Duration
	// SweepEvery is how often Run sweeps, if the Handler is a Sweeper;
	// zero means DefaultSweepEvery, negative never.
	SweepEvery time.Duration
	// Rate is the calls a second this process makes against Discord's
	// global rate limit, which every replica and shard of the bot share
	// (see budget); zero means DefaultRate.
	Rate float64
	// Now is the clock by which the interactions' tokens run out (see
	// tokenUse); nil means time.Now. Tests on a clock of their own set it
	// before the door serves.
	Now func() time.Time
	// ComputerWorkers is how many computer players' turns are thought at
	// once, if the Handler is a bot.ComputerPlayer and the door sweeps;
	// zero means one per core, negative none: the sweeps play them, one
	// after another.
	ComputerWorkers int
	// Web, if set, serves the web page under /web/ on the HTTP door's
	// server (see web.go).
	Web    http.Handler
	Logger *slog.Logger

	// Registered is closed once the commands are registered.
	Registered chan struct{}

	registered sync.Once
	sweeps     sync.Once
	sweeping   sync.WaitGroup // the sweep loop, while it runs
	woken      chan struct{}  // a sweep asked for soon
	self       atomic.Value   // the bot's own user id, once known
	inHand     atomic.Int64   // interactions being served
	strips     strips         // old boards waiting to lose their buttons
	tokens     tokens         // interactions' tokens, to edit and follow up with
	budgetOnce sync.Once
	calls      *budget // the calls against the global limit, by class
}

// NewDiscord builds the adapter over a session made with discordgo.New,
// whose HTTP client is set already (its transport is wrapped, see
// globalWatch).
func NewDiscord(s *discordgo.Session, h bot.Handler, guildID string, logger *slog.Logger) *Discord {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	d := &Discord{Session: s, Handler: h, GuildID: guildID, Logger: logger, Registered: make(chan struct{}), woken: make(chan struct{}, 1)}
	// Set the session's HTTP client before: its transport is watched for
	// Discord's global 429s, which hold every call against the limit.
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	next := s.Client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	s.Client.Transport = globalWatch{next: next, d: d}
	return d
}

// now is the time by the door's clock.
func (d *Discord) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

// Run connects to the gateway and serves interactions until ctx ends.
func (d *Discord) Run(ctx context.Context) error {
	// discordgo runs each handler in its own goroutine, and Discord sends
	// READY again after an invalid session, possibly while the first
	// registration is still waiting out a rate limit: one at a time.
	var mu sync.Mutex
	registered := false
	remove1 := d.Session.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		if r.User != nil {
			d.self.Store(r.User.ID)
		}
		mu.Lock()
		defer mu.Unlock()
		if registered {
			return // a reconnect: the commands are already in place
		}
		appID := r.User.ID
		if r.Application != nil && r.Application.ID != "" {
			appID = r.Application.ID
		}
		if _, err := s.ApplicationCommandBulkOverwrite(appID, d.GuildID, DiscordCommands(d.Handler.Commands())); err != nil {
			d.Logger.Error("register commands", "err", err)
			return
		}
		registered = true
		d.Logger.Info("commands registered", "application", appID, "guild", d.GuildID, "user", r.User.Username)
		d.registered.Do(func() { close(d.Registered) })
	})
	defer remove1()
	remove2 := d.Session.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		d.serve(ctx, i.Interaction, func(_ *slog.Logger, r *discordgo.InteractionResponse) error {
			return s.InteractionRespond(i.Interaction, r)
		})
	})
	defer remove2()
	defer d.guildEvents(ctx)()
	if err := d.Session.Open(); err != nil {
		return fmt.Errorf("connect to Discord: %w", err)
	}
	d.Logger.Info("connected to the Discord gateway")
	d.startSweeps(ctx)
	<-ctx.Done()
	d.sweepsDone(context.Background())
	// Without this, discordgo's heartbeat goroutine can bring a closed
	// session back: Close holds the session lock through a one-second
	// pause, a heartbeat waiting on that lock then writes to the closed
	// socket, and its error path reconnects.
	d.Session.Lock()
	d.Session.ShouldReconnectOnError = false
	d.Session.Unlock()
	return d.Session.Close()
}

// startSweeps starts sweeping every SweepEvery, and whenever an answer
// leaves a computer player to move (see wake), until ctx ends, once
// however many doors run. A negative SweepEvery never sweeps: the caller
// sweeps when it will (Sweep).
func (d *Discord) startSweeps(ctx context.Context) {
	if every := cmp.Or(d.SweepEvery, DefaultSweepEvery); every > 0 {
		d.sweeps.Do(func() {
			if cp, ok := d.Handler.(bot.ComputerPlayer); ok && d.ComputerWorkers >= 0 {
				// The computers' turns are played on workers beside the
				// sweeps, which queue those they find.
				d.sweeping.Go(func() {
					cp.PlayComputers(ctx, d.ComputerWorkers, func(ns []bot.Notice) { d.postNotices(ctx, ns) })
				})
			}
			d.sweeping.Go(func() { d.sweepLoop(ctx, every) })
		})
	}
}

// sweepsWait bounds how long a stopping door waits for its last sweep:
// a replay being drawn is not waited for to its end.
const sweepsWait = 5 * time.Second

// sweepsDone waits until the sweep loop, told to stop by its context, has
// posted what its last sweep found, for at most sweepsWait or until stop
// ends: a notice is not cut off halfway by the process going on to close.
func (d *Discord) sweepsDone(stop context.Context) {
	stop, cancel := context.WithTimeout(stop, sweepsWait)
	defer cancel()
	if !waited(stop, &d.sweeping) {
		d.Logger.Warn("stopping before the last sweep's notices were posted")
	}
}

// waited waits for wg, or until ctx ends first; it reports whether wg's
// work all ended.
func waited(ctx context.Context, wg *sync.WaitGroup) bool {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

// sweepLoop sweeps every interval and when woken, until ctx ends.
func (d *Discord) sweepLoop(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		d.Sweep(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-d.woken:
		}
	}
}

// wake queues the game's computer turn with the table's workers, if they
// run and computer names a game; else it asks the sweep loop for a sweep
// soon (a computer to move, or a game over whose replay is due). Wakes
// that come while one is pending are one sweep.
func (d *Discord) wake(computer int64) {
	if cp, ok := d.Handler.(bot.ComputerPlayer); ok && computer != 0 && cp.ComputerToMove(computer) {
		return
	}
	select {
	case d.woken <- struct{}{}:
	default:
	}
}

// Sweep runs the Handler's sweep once, if it is a Sweeper, and posts its
// notices. A notice that cannot be posted is logged: its work is stored
// and claimed already, so it is not done again.
func (d *Discord) Sweep(ctx context.Context) {
	s, ok := d.Handler.(bot.Sweeper)
	if !ok {
		return
	}
	notices, err := s.Sweep(ctx)
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopping: the sweep was cut short, and the next process sweeps.
		d.Logger.Debug("sweep cut short by the stop", "err", err)
	case err != nil:
		d.Logger.Error("sweep", "err", err)
	}
	d.postNotices(ctx, notices)
}

// postNotices posts what the table found to say without an interaction
// (the sweep's reminders and boards, a computer's moves), in order. A
// notice that cannot be posted is logged: its work is stored and claimed
// already, so it is not done again.
func (d *Discord) postNotices(ctx context.Context, notices []bot.Notice) {
	checked := map[string]bool{} // servers asked about (gone), and whether the bot left them
	for _, n := range notices {
		log := d.Logger
		if n.GameID != 0 {
			log = log.With("game", n.GameID)
		}
		if n.UserID == "" && d.followNotice(log, n) {
			continue
		}
		channel := n.ChannelID
		if n.UserID != "" {
			// A direct message: its channel is the DM channel with the
			// user, which Discord gives (the same one each time).
			var dm *discordgo.Channel
			err := d.globalCall(ctx, log, noticeClass, "open a direct message", func(ctx context.Context) (err error) {
				dm, err = d.Session.UserChannelCreate(n.UserID, discordgo.WithContext(ctx))
				return err
			})
			if err != nil {
				d.Logger.Error("open a direct message", "user", n.UserID, "err", err)
				continue
			}
			channel = dm.ID
		}
		if _, err := d.post(log, channel, n.Message, "", bot.English); err != nil {
			if d.gone(ctx, log, n.GuildID, err, checked) {
				// Its games stop now; a board it owes stays owed, should
				// the server add the bot back.
				log.Info("notice not posted: the bot is not in the game's server any more", "guild", n.GuildID, "err", err)
				continue
			}
			log.Error("post notice", "channel", channel, "user", n.UserID, "err", err)
			d.lost(log, n.Message, err)
		}
	}
}

// followNotice posts n as a follow-up of the interaction this process
// last answered about n's game in n's channel, if there is one whose
// token is still good: a follow-up costs no call against the global
// limit, where a channel's post does. It reports whether it did; if not,
// n is to be posted the channel's way.
func (d *Discord) followNotice(log *slog.Logger, n bot.Notice) bool {
	if n.GameID == 0 || n.Message == nil {
		return false
	}
	tok, ok := d.tokens.follower(n.GameID, n.ChannelID, d.now())
	if !ok {
		return false
	}
	w := wireOf(n.Message, bot.English)
	// Not ephemeral: a follow-up is public unless it says otherwise, even
	// after a private first answer (but for a deferral left loading,
	// which is never remembered for this).
	p := &discordgo.WebhookParams{Content: w.content, Embeds: w.embeds, Components: w.components, AllowedMentions: w.mentions, Files: w.files}
	ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
	defer cancel()
	var sent *discordgo.Message
	err := withReply(log, "follow up the game's interaction", func() (err error) {
		rewind(w.files)
		sent, err = d.Session.WebhookExecute(tok.appID, tok.token, true, p, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		log.Info("follow up the game's interaction; the channel's way instead", "channel", n.ChannelID, "err", err)
		return false
	}
	if sent.ChannelID != n.ChannelID {
		log.Warn("a follow-up went to another channel than the game's", "channel", sent.ChannelID, "want", n.ChannelID)
	}
	d.livePosted(log, n.Message, sent.ChannelID, sent.ID, "", viaToken{tok: tok})
	return true
}

// post sends m to a channel or thread, and says where it went.
// replaced is a message the answer replaced, if any (see livePosted); l
// is the language of the adapter's own words, if it has to add any. A
// game's live message goes before other messages waiting for the budget
// of calls (see budget).
func (d *Discord) post(log *slog.Logger, channelID string, m *bot.Message, replaced string, l bot.Lang) (bot.Posted, error) {
	w := wireOf(m, l)
	class := noticeClass
	if m.Live != nil {
		class = boardClass
	}
	var sent *discordgo.Message
	err := d.globalCall(context.Background(), log, class, "post", func(ctx context.Context) (err error) {
		rewind(w.files)
		sent, err = d.Session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{Content: w.content, Embeds: w.embeds,
			Components: w.components, AllowedMentions: w.mentions, Files: w.files}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		return bot.Posted{}, err
	}
	d.livePosted(log, m, sent.ChannelID, sent.ID, replaced, viaToken{})
	return bot.Posted{ChannelID: sent.ChannelID, MessageID: sent.ID}, nil
}

// wire is a Message in discordgo's terms, made to fit Discord's limits.
// Every message the adapter sends (answers, follow-ups, edits, posts) is
// made by wireOf, the one place that guarantees the limits.
type wire struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	mentions   *discordgo.MessageAllowedMentions
	files      []*discordgo.File
}

// wireOf is m as it is sent; l is the language of the words the adapter
// adds to it, if it must (see fit).
func wireOf(m *bot.Message, l bot.Lang) wire {
	m = fit(m, l)
	w := wire{content: m.Content, components: components(m.Components), mentions: mentions(m.Mentions)}
	if m.Embed != nil {
		w.embeds = []*discordgo.MessageEmbed{{Title: m.Embed.Title, Description: m.Embed.Description, Color: embedColour}}
	}
	if m.File != nil {
		w.files = []*discordgo.File{file(m.File)}
	}
	return w
}

// embedColour is the stripe of Parlor's embeds: the green of a card table.
const embedColour = 0x2E7D32

// DiscordCommands converts command specs to Discord's form: subcommands
// with their options, or a command's own options, each name, description
// and choice also in every language Parlor speaks (localize).
func DiscordCommands(specs []bot.CommandSpec) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	langs := localizedLanguages()
	for _, c := range specs {
		cmd := &discordgo.ApplicationCommand{Name: c.Name, Description: c.Description, Type: discordgo.ChatApplicationCommand}
		for _, sub := range c.Subs {
			so := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: sub.Name, Description: sub.Description}
			for _, o := range sub.Options {
				so.Options = append(so.Options, optionOf(o))
			}
			cmd.Options = append(cmd.Options, so)
		}
		for _, o := range c.Options {
			cmd.Options = append(cmd.Options, optionOf(o))
		}
		localize(langs, cmd)
		out = append(out, cmd)
	}
	return out
}

// optionOf is an option in Discord's form.
func optionOf(o bot.OptionSpec) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionType(o.Type), Name: o.Name, Description: o.Description,
		Required: o.Required, Autocomplete: o.Autocomplete,
	}
	if o.Max > 0 {
		lo := float64(o.Min)
		opt.MinValue, opt.MaxValue = &lo, float64(o.Max)
	}
	opt.MaxLength = o.MaxLength
	for _, c := range o.Choices {
		opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return opt
}

// RequestOf turns an interaction into a Request.
func RequestOf(i *discordgo.Interaction) (bot.Request, error) {
	req := langsOf(i)
	req.ID, req.ChannelID, req.Options, req.Users = i.ID, i.ChannelID, map[string]string{}, map[string]bot.User{}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = userOf(i.Member.User)
		if i.Member.Nick != "" {
			req.User.Name = i.Member.Nick
		}
		const manage = discordgo.PermissionManageGuild | discordgo.PermissionAdministrator
		req.User.CanManage = i.Member.Permissions&manage != 0
	case i.User != nil:
		req.User = userOf(i.User)
	default:
		return req, errors.New("interaction without a user")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = bot.CommandRequest
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = bot.AutocompleteRequest
		}
		data := i.ApplicationCommandData()
		req.Command = data.Name
		opts := data.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			req.Sub = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			req.Options[o.Name] = optionString(o)
			if o.Focused {
				req.Focused = o.Name
			}
		}
		if data.Resolved != nil {
			for id, u := range data.Resolved.Users {
				ru := userOf(u)
				if m, ok := data.Resolved.Members[id]; ok && m != nil && m.Nick != "" {
					ru.Name = m.Nick
				}
				req.Users[id] = ru
			}
		}
	case discordgo.InteractionMessageComponent:
		req.Kind = bot.ComponentRequest
		data := i.MessageComponentData()
		req.CustomID = data.CustomID
		req.Values = data.Values
	default:
		return req, fmt.Errorf("unsupported interaction type %d", i.Type)
	}
	return req, nil
}

func userOf(u *discordgo.User) bot.User {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	return bot.User{ID: u.ID, Name: name, Bot: u.Bot}
}

func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return ""
	}
	return fmt.Sprint(o.Value)
}

// readerLang is the language of those who read an answer to i: the user
// who acted, for an ephemeral one; else the place's.
func readerLang(i *discordgo.Interaction, ephemeral bool) bot.Lang {
	if ephemeral {
		return bot.LangOf(string(i.Locale))
	}
	return langsOf(i).PlaceLang()
}

func responseData(i *discordgo.Interaction, m *bot.Message, ephemeral bool) *discordgo.InteractionResponseData {
	w := wireOf(m, readerLang(i, ephemeral))
	data := &discordgo.InteractionResponseData{Content: w.content, Embeds: w.embeds, Components: w.components, AllowedMentions: w.mentions, Files: w.files}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return data
}

// mentions allows exactly the listed users to be pinged, and nobody else.
func mentions(users []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

func file(f *bot.File) *discordgo.File {
	return &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
}

func components(rows []bot.Row) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	for _, row := range rows {
		var cs []discordgo.MessageComponent
		for _, c := range row {
			switch c.Kind {
			case bot.Button:
				cs = append(cs, discordgo.Button{Label: c.Label, Style: discordgo.ButtonStyle(c.Style), CustomID: c.ID})
			case bot.Select:
				var opts []discordgo.SelectMenuOption
				for _, o := range c.Options {
					opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description})
				}
				cs = append(cs, discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: c.ID, Placeholder: c.Placeholder, Options: opts})
			}
		}
		out = append(out, discordgo.ActionsRow{Components: cs})
	}
	return out
}

func choices(cs []bot.Choice) []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, c := range fitChoices(cs) {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return out
}
