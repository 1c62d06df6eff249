package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"

	"parlor/bot"
	"parlor/bot/discord"
	"parlor/bot/web"
	"parlor/storage"
)

// minSecret is the shortest key the operator may give the links, and the
// bytes of randomness in the one Parlor makes: as long as HMAC-SHA256's digest.
const minSecret = sha256.Size

// webFromEnv reads the web page's settings: PARLOR_PUBLIC_URL, the
// address browsers reach Parlor at (none: no page, and /<game> web says
// so), and PARLOR_WEB_SECRET, the key the links are signed with (unset:
// one made once and kept in the database, the same for every replica).
func webFromEnv(ctx context.Context, db *storage.DB) (bot.WebLinks, error) {
	base, err := publicURL()
	if err != nil || base == "" {
		return bot.WebLinks{}, err
	}
	secret := strings.TrimSpace(os.Getenv("PARLOR_WEB_SECRET"))
	if secret != "" && len(secret) < minSecret {
		return bot.WebLinks{}, fmt.Errorf("PARLOR_WEB_SECRET is too short: at least 32 characters (or leave it unset, and Parlor keeps one in its database)")
	}
	if secret == "" {
		secret, err = db.WebSecret(ctx, func() (string, error) {
			b := make([]byte, minSecret)
			if _, err := rand.Read(b); err != nil {
				return "", err
			}
			return hex.EncodeToString(b), nil
		})
		if err != nil {
			return bot.WebLinks{}, err
		}
	}
	return bot.WebLinks{Base: base, Secret: []byte(secret)}, nil
}

// publicURL is PARLOR_PUBLIC_URL, checked: an http or https address with
// a host and nothing after it but a path.
func publicURL() (string, error) {
	raw := strings.TrimSpace(os.Getenv("PARLOR_PUBLIC_URL"))
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("PARLOR_PUBLIC_URL=%q: say the address players' browsers reach Parlor at, like https://parlor.example.com", raw)
	}
	return strings.TrimSuffix(raw, "/"), nil
}

// serveWeb gives the Discord door the web page, if the table's links are
// on, so that its HTTP server serves it under /web/ and a move made on it
// is posted in Discord.
func serveWeb(t *bot.Table, d *discord.Discord) {
	links := t.WebLinks()
	if links.Base == "" {
		return
	}
	d.Web = &web.Server{Table: t, Key: links.Secret, Secure: strings.HasPrefix(links.Base, "https://"), Deliver: d.Deliver, Logger: d.Logger}
}
