package discordtest_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"

	"parlor/bot/discord/discordtest"
)

// An interaction's token edits the messages it made, as Discord lets it:
// @original, and a follow-up by its id, changing only what the edit says
// (here, taking its buttons off and keeping its words); it cannot edit a
// message another interaction made (10008 Unknown Message). After a click
// answered with a deferred update, @original is the message clicked.
func TestWebhookEditsByID(t *testing.T) {
	t.Parallel()
	sp := &spy{T: t}
	f := discordtest.New(sp)
	button := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Roll", Style: discordgo.PrimaryButton, CustomID: "demo/roll"}}}}
	posted := make(chan *discordgo.Message, 2)
	_, got := demoBot(t, f, func(s *discordgo.Session, i *discordgo.Interaction) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "the answer"}})
			m, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "a board", Components: button})
			if err != nil {
				t.Errorf("follow-up: %v", err)
			}
			posted <- m
		case discordgo.InteractionMessageComponent:
			s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		}
	})
	alice := f.NewUser("Alice")
	f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "x"})
	i1 := next(t, got)
	board := <-posted
	s := session(t, f)
	none := []discordgo.MessageComponent{}
	if _, err := s.FollowupMessageEdit(i1, board.ID, &discordgo.WebhookEdit{Components: &none}); err != nil {
		t.Fatalf("edit the follow-up by its id: %v", err)
	}
	m, _ := f.Message(board.ID)
	if m.Content != "a board" || len(m.Components) != 0 {
		t.Errorf("the follow-up edited is %q with %d rows, want its words and no buttons", m.Content, len(m.Components))
	}

	// Another interaction's token cannot edit it.
	f.Command(alice, f.Channel(), "demo", "go", discordtest.Opt{Name: "text", Value: "y"})
	i2 := next(t, got)
	second := <-posted
	_, err := s.FollowupMessageEdit(i2, board.ID, &discordgo.WebhookEdit{Components: &none})
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != http.StatusNotFound || re.Message == nil || re.Message.Code != discordgo.ErrCodeUnknownMessage {
		t.Errorf("another interaction's token edited the follow-up: %v, want 404 Unknown Message", err)
	}
	sp.expect(t, "an edit with another interaction's token", "Unknown Message")

	// A click on the second board, answered by deferring its update:
	// @original is the board clicked.
	bm, _ := f.Message(second.ID)
	f.Click(alice, bm, "demo/roll")
	i3 := next(t, got)
	if _, err := s.InteractionResponseEdit(i3, &discordgo.WebhookEdit{Components: &none}); err != nil {
		t.Fatalf("edit @original after a deferred update: %v", err)
	}
	if m, _ := f.Message(second.ID); m.Content != "a board" || len(m.Components) != 0 {
		t.Errorf("the board clicked is %q with %d rows, want its words and no buttons", m.Content, len(m.Components))
	}
}
