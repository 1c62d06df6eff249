package storage

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// Away days: a period is stored and counted against the year's allowance,
// which GoAway enforces, leaving the running period as it was when it
// refuses; coming back early gives back the days not begun; a new period
// replaces the running one; the allowance is per server and per year.
func TestAwayDays(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		var mu sync.Mutex
		now := time.Date(2025, 12, 20, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		advance := func(d time.Duration) { mu.Lock(); defer mu.Unlock(); now = now.Add(d) }
		a, err := db.GoAway(ctx, "g", "u", 5, 14)
		if err != nil || a.Used != 5 || !a.Until.Equal(now.Add(5*day)) || a.Ended {
			t.Fatalf("away 5 days: %+v %v", a, err)
		}
		if a, err := db.GoAway(ctx, "g", "u", 15, 14); !errors.Is(err, ErrNoAllowance) || a.Used != 5 {
			t.Fatalf("15 days of 14: %+v %v, want ErrNoAllowance and 5 used", a, err)
		}
		if p, _ := db.AwayPeriods(ctx, "g", "u", now); len(p) != 1 || p[0].Days != 5 || !p[0].End.Equal(now.Add(5*day)) {
			t.Fatalf("a refused request changed the running period: %+v", p)
		}
		if a, err := db.GoAway(ctx, "g", "u", 5, 14); err != nil || !a.Ended || a.Returned != 5 || a.Used != 5 {
			t.Fatalf("away 5 days again at once: %+v %v", a, err)
		}
		advance(36 * time.Hour)
		a, err = db.GoAway(ctx, "g", "u", 0, 14)
		if err != nil || !a.Ended || a.Returned != 3 || a.Used != 2 || !a.Until.IsZero() {
			t.Fatalf("back after a day and a half of 5: %+v %v, want 3 days returned, 2 used", a, err)
		}
		p, err := db.AwayPeriods(ctx, "g", "u", time.Time{})
		if err != nil || len(p) != 1 || p[0].Days != 2 || !p[0].End.Equal(now) || p[0].End.Sub(p[0].Start) != 36*time.Hour {
			t.Fatalf("the period after coming back: %+v %v", p, err)
		}
		if p, _ := db.AwayPeriods(ctx, "g", "u", now); len(p) != 0 {
			t.Errorf("periods ending after now: %+v", p)
		}
		if a, err = db.GoAway(ctx, "g", "u", 0, 14); err != nil || a.Ended || a.Used != 2 {
			t.Errorf("back when not away: %+v %v", a, err)
		}
		a, err = db.GoAway(ctx, "g", "u", 12, 14)
		if err != nil || a.Used != 14 {
			t.Fatalf("12 more days: %+v %v", a, err)
		}
		advance(time.Hour)
		a, err = db.GoAway(ctx, "g", "u", 11, 14)
		if err != nil || !a.Ended || a.Returned != 11 || a.Used != 14 {
			t.Fatalf("a new period replacing the running one: %+v %v", a, err)
		}
		if p, _ := db.AwayPeriods(ctx, "g", "u", time.Time{}); len(p) != 3 || p[1].Days != 1 || p[2].Days != 11 {
			t.Fatalf("periods %+v", p)
		}
		if a, err := db.GoAway(ctx, "g2", "u", 14, 14); err != nil || a.Used != 14 {
			t.Errorf("another server's allowance: %+v %v", a, err)
		}
		// A new year: the period begun last year counts against last year.
		advance(12 * day)
		if a, err := db.GoAway(ctx, "g", "u", 14, 14); err != nil || a.Used != 14 {
			t.Errorf("a new year's allowance: %+v %v", a, err)
		}
		if used, _ := db.AwayUsed(ctx, "g", "u", 2025); used != 14 {
			t.Errorf("used in 2025: %d", used)
		}
		if _, err := db.GoAway(ctx, "g", "u", -1, 14); !errors.Is(err, ErrInvalid) {
			t.Errorf("-1 days: %v", err)
		}
	})
}

// Two requests of one player at once never pass the allowance together.
func TestAwayDaysAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for range 4 {
			wg.Go(func() {
				_, err := db.GoAway(ctx, "g", "u", 10, 14)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					won++
				} else if !errors.Is(err, ErrNoAllowance) {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if used, _ := db.AwayUsed(ctx, "g", "u", t0.Year()); used > 14 {
			t.Errorf("%d days used of 14 (%d requests granted)", used, won)
		}
	})
}

// A digest is claimed at most once a day, only by a user who asked for it.
func TestClaimDigest(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		db := openTest(t)
		ctx := t.Context()
		if won, err := db.ClaimDigest(ctx, "u", t0); err != nil || won {
			t.Fatalf("a digest nobody asked for: %v %v", won, err)
		}
		if err := db.SetRemindersOff(ctx, "u", true); err != nil {
			t.Fatal(err)
		}
		if err := db.SetDigest(ctx, "u", true, ""); err != nil {
			t.Fatal(err)
		}
		if on, _ := db.Digest(ctx, "u"); !on {
			t.Fatal("digest off")
		}
		if off, _ := db.RemindersOff(ctx, "u"); !off {
			t.Error("turning the digest on turned reminders back on")
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for range 3 {
			wg.Go(func() {
				w, err := db.ClaimDigest(ctx, "u", t0)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if w {
					won++
				}
			})
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("three claims at once won %d times", won)
		}
		if w, _ := db.ClaimDigest(ctx, "u", t0.Add(day-time.Minute)); w {
			t.Error("a second digest within a day")
		}
		if w, _ := db.ClaimDigest(ctx, "u", t0.Add(day)); !w {
			t.Error("no digest a day later")
		}
		if lang, _ := db.UserLang(ctx, "u"); lang != "" {
			t.Errorf("a language %q nobody gave", lang)
		}
		if err := db.SetDigest(ctx, "u", true, "es-419"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetDigest(ctx, "u", false, ""); err != nil {
			t.Fatal(err)
		}
		if lang, _ := db.UserLang(ctx, "u"); lang != "es-419" {
			t.Errorf("the digest's language %q, want es-419 kept when none is given", lang)
		}
		if w, _ := db.ClaimDigest(ctx, "u", t0.Add(3*day)); w {
			t.Error("a digest after turning it off")
		}
	})
}
