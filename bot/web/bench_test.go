package web

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"parlor/bot"
	"parlor/render"
)

// BenchmarkLivePages: 200 pages open on 50 games of All the King's Men
// (the two players' and two watchers'), over HTTP, with the boards drawn
// by render. Each round, every game's player to move taps a move on
// their page, one game after another 100 ms apart; it reports the tap-to-board time on the mover's
// page (the POST until the page with the new board is back) and the time
// until each other page has heard of the move (its event) and loaded
// itself again, as the page's script does: p50 and p95 of each.
//
//	go test ./bot/web -run XXX -bench LivePages -benchtime 5x
func BenchmarkLivePages(b *testing.B) {
	// gap is the time between two moves: 50 games move in a round of
	// about five seconds, 10 moves a second in all (each drawn once, for
	// Discord and the pages alike).
	const games, watchers, gap = 50, 2, 100 * time.Millisecond
	e := benchEnv(b)
	type page struct {
		c    *http.Client
		game int64
		user bot.User
	}
	var pages []page
	ids := make([]int64, games)
	for i := range ids {
		// Two players of their own a game: a member's games are limited.
		a, b2 := bot.User{ID: fmt.Sprint(1000 + 2*i), Name: "A"}, bot.User{ID: fmt.Sprint(1001 + 2*i), Name: "B"}
		ids[i] = e.gameOf("kingsmen", a, b2)
		for _, u := range []bot.User{a, b2, stranger, {ID: fmt.Sprint(900 + i), Name: "W"}}[:2+watchers] {
			c := e.browser()
			if resp, _ := e.open(c, e.link(u, ids[i], "")); resp.StatusCode != http.StatusOK {
				b.Fatalf("open: %d", resp.StatusCode)
			}
			pages = append(pages, page{c: c, game: ids[i], user: u})
		}
	}
	// Every page listens; each event it hears, it loads the page again,
	// and notes when that was done, by version.
	var mu sync.Mutex
	heard := map[[2]int64][]time.Time{} // game, version → when each page had it
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var wg sync.WaitGroup
	ready := make(chan struct{}, len(pages))
	for _, p := range pages {
		wg.Go(func() {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/web/g/%d/events", e.http.URL, p.game), nil)
			resp, err := p.c.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			first := true
			for sc.Scan() {
				v, ok := strings.CutPrefix(sc.Text(), "data: ")
				if !ok {
					continue
				}
				if first {
					first = false
					ready <- struct{}{}
					continue
				}
				e.get(p.c, fmt.Sprintf("/web/g/%d/", p.game))
				n, _ := strconv.ParseInt(v, 10, 64)
				mu.Lock()
				heard[[2]int64{p.game, n}] = append(heard[[2]int64{p.game, n}], time.Now())
				mu.Unlock()
			}
		})
	}
	for range pages {
		<-ready
	}
	var taps, spread []time.Duration
	b.ResetTimer()
	for range b.N {
		var moved sync.WaitGroup
		var tapMu sync.Mutex
		starts := map[[2]int64]time.Time{}
		for _, id := range ids {
			time.Sleep(gap)
			moved.Go(func() {
				v, err := e.table.WebView(context.Background(), bot.WebPass{UserID: alice.ID, GuildID: guild, GameID: id}, nil)
				if err != nil || v.MoverID == "" || len(v.Moves) == 0 {
					return
				}
				var c *http.Client
				for _, p := range pages {
					if p.game == id && p.user.ID == v.MoverID {
						c = p.c
					}
				}
				_, page := e.get(c, fmt.Sprintf("/web/g/%d/", id))
				csrf := csrfField.FindStringSubmatch(page)[1]
				start := time.Now()
				req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/web/g/%d/move", e.http.URL, id),
					strings.NewReader(url.Values{"csrf": {csrf}, "version": {fmt.Sprint(v.Version)}, "move": {v.Moves[0].Text}}.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				resp, _ := e.send(c, req)
				took := time.Since(start)
				if resp.StatusCode != http.StatusOK {
					return
				}
				tapMu.Lock()
				defer tapMu.Unlock()
				taps = append(taps, took)
				starts[[2]int64{id, v.Version + 1}] = start
			})
		}
		moved.Wait()
		// Wait until every page of each game (its two players' and the
		// watchers') heard its move, or 5 s.
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			all := true
			for k := range starts {
				if len(heard[k]) < 2+watchers {
					all = false
				}
			}
			mu.Unlock()
			if all {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		mu.Lock()
		for k, start := range starts {
			for _, at := range heard[k] {
				spread = append(spread, at.Sub(start))
			}
			if missing := 2 + watchers - len(heard[k]); missing > 0 {
				b.Errorf("game %d version %d: %d pages never heard", k[0], k[1], missing)
			}
		}
		mu.Unlock()
	}
	b.StopTimer()
	b.Logf("%d taps (p50 %.0f ms, p95 %.0f ms), %d pages that heard (the mover's too) (p50 %.0f ms, p95 %.0f ms)",
		len(taps), pct(taps, 50), pct(taps, 95), len(spread), pct(spread, 50), pct(spread, 95))
	b.ReportMetric(pct(taps, 50), "tap-p50-ms")
	b.ReportMetric(pct(taps, 95), "tap-p95-ms")
	b.ReportMetric(pct(spread, 50), "others-p50-ms")
	b.ReportMetric(pct(spread, 95), "others-p95-ms")
	stop()
	e.srv.Close()
	wg.Wait()
}

// pct is the p-th percentile of ds, in milliseconds.
func pct(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[min(len(s)-1, len(s)*p/100)].Microseconds()) / 1000
}

// benchEnv is newEnv with the boards drawn by render, on SQLite.
func benchEnv(b *testing.B) *env {
	e := newEnvPainted(b, filepath.Join(b.TempDir(), "parlor.db"), render.New(bot.Painters(bot.Kits())...))
	// Every page of the benchmark comes from this one address, which
	// the sign-ins' rate would slow down as one member.
	e.srv.Rate, e.srv.Burst = 1e6, 1e6
	return e
}
