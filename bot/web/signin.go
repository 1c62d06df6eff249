package web

import (
	"context"
	"net/http"

	"parlor/bot"
)

// SignIn turns a browser's sign-in request into the member's pass: who
// they are, which game, in which language. Today it is the personal
// link's token (Link); a Discord Activity's OAuth2 exchange can take its
// place without the rest of the door knowing.
type SignIn interface {
	SignIn(ctx context.Context, r *http.Request) (bot.WebPass, error)
}

// Link signs in with the token of a personal link, posted by the opening
// page's script (field token), which read it from the address's fragment:
// a fragment never reaches a server's or a proxy's log.
type Link struct {
	Table interface {
		OpenWebLink(ctx context.Context, tok string) (bot.WebPass, error)
	}
}

// SignIn opens the token posted.
func (l Link) SignIn(ctx context.Context, r *http.Request) (bot.WebPass, error) {
	return l.Table.OpenWebLink(ctx, r.PostFormValue("token"))
}
