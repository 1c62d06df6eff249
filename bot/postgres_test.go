package bot

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"

	"parlor/storage/storagetest"
)

// proxy is a TCP proxy to a database server that the test can cut and
// restore: the database going away and coming back.
type proxy struct {
	t      *testing.T
	addr   string // where the proxy listens, the same after each up
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, addr: "127.0.0.1:0", target: target}
	p.up()
	t.Cleanup(p.down)
	return p
}

func (p *proxy) up() {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatalf("proxy: %v", err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
}

// down closes the listener and every connection through it.
func (p *proxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// The PostgreSQL server goes away in the middle of a game and comes back:
// meanwhile a move is answered privately "could not reach its database;
// nothing changed", nothing is half-written, and once the server is back
// the same move is made.
func TestDatabaseGoesAwayAndComesBack(t *testing.T) {
	direct := storagetest.Postgres(t)
	u, err := url.Parse(direct)
	if err != nil {
		t.Fatal(err)
	}
	p := newProxy(t, u.Host)
	u.Host = p.addr
	q := u.Query()
	q.Set("connect_timeout", "2")
	u.RawQuery = q.Encode()
	e := newEnvOn(t, u.String(), func(int) int { return 0 }, KingsmenKit())
	id, _ := e.challenge(alice, bob)
	e.play(id, "Ac2-c3")
	before := e.game(id).Version

	p.down()
	resp := e.table.Handle(e.ctx, e.cmd(bob, "move", "move", "Ab7-b6", "game", fmt.Sprint(id)))
	if got := privateOnly(t, resp); !strings.HasPrefix(got, "Parlor could not reach its database; nothing changed.") {
		t.Fatalf("a move while the database is away: %q", got)
	}

	p.up()
	if g := e.game(id); g.Version != before || len(e.log(id)) != 1 {
		t.Fatalf("after the failed move: version %d (was %d), %d moves logged", g.Version, before, len(e.log(id)))
	}
	e.play(id, "Ab7-b6")
	e.replays(id)
}
