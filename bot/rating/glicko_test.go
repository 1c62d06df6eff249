package rating

import (
	"math"
	"testing"
)

// within fails t unless got is within tol of want.
func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

// TestPaperExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player at 1500, RD 200, volatility 0.06 beats a
// 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300). The paper
// prints r' = 1464.06, RD' = 151.52, σ' = 0.05999, having rounded μ' to
// −0.2069 on the way and cut σ' = 0.0599960 short; unrounded, r' is
// 1464.0507.
func TestPaperExample(t *testing.T) {
	player := Rating{R: 1500, RD: 200, Vol: 0.06}
	results := []Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}
	got := player.Update(results)
	within(t, "r'", got.R, 1464.06, 0.015)
	within(t, "RD'", got.RD, 151.52, 0.005)
	within(t, "σ'", got.Vol, 0.05999, 0.00001)
	// To more places than the paper prints.
	within(t, "r' unrounded", got.R, 1464.0507, 0.0001)
	within(t, "RD' unrounded", got.RD, 151.5165, 0.0001)
	within(t, "σ' unrounded", got.Vol, 0.0599960, 0.0000001)

	// The paper's intermediate quantities: v = 1.7785, Δ = −0.4834 and
	// the volatility iteration from them.
	phi := 200 / Scale
	within(t, "σ' from v and Δ", volatility(phi, 0.06, 1.7785, -0.4834), 0.05999, 0.00001)
}

// TestNoGames: a period without games leaves R and the volatility and
// widens RD to √(φ² + σ²).
func TestNoGames(t *testing.T) {
	for _, r := range []Rating{{R: 1500, RD: 200, Vol: 0.06}, {R: 1810.5, RD: 45, Vol: 0.09}, Default} {
		got := r.Update(nil)
		if got.R != r.R || got.Vol != r.Vol {
			t.Errorf("%+v after no games: %+v, want R and Vol unchanged", r, got)
		}
		want := math.Hypot(r.RD, r.Vol*Scale)
		within(t, "RD after no games", got.RD, want, 1e-9)
		if got.RD <= r.RD {
			t.Errorf("%+v after no games: RD %v did not grow", r, got.RD)
		}
	}
	within(t, "RD of 200 after no games", Rating{R: 1500, RD: 200, Vol: 0.06}.Update(nil).RD, 200.2714, 0.0001)
}

// TestFirstGame: two new players, one game: the winner goes to 1662.31
// and the loser to 1337.69, both to RD 290.32.
func TestFirstGame(t *testing.T) {
	win := Default.Update([]Result{{Opponent: Default, Score: 1}})
	loss := Default.Update([]Result{{Opponent: Default, Score: 0}})
	draw := Default.Update([]Result{{Opponent: Default, Score: 0.5}})
	within(t, "winner's R", win.R, 1662.3109, 0.0001)
	within(t, "loser's R", loss.R, 1337.6891, 0.0001)
	within(t, "winner's RD", win.RD, 290.3190, 0.0001)
	within(t, "loser's RD", loss.RD, win.RD, 1e-9)
	within(t, "drawer's R", draw.R, 1500, 1e-9)
}

// TestUpsetRaisesVolatility takes the other branch of the volatility
// iteration (Δ² > φ² + v): a settled player who beats far stronger
// players is more volatile after.
func TestUpsetRaisesVolatility(t *testing.T) {
	strong := Rating{R: 2300, RD: 40, Vol: 0.06}
	r := Rating{R: 1400, RD: 50, Vol: 0.06}
	var results []Result
	for range 10 {
		results = append(results, Result{Opponent: strong, Score: 1})
	}
	got := r.Update(results)
	if !(got.Vol > r.Vol) || !(got.R > r.R) || math.IsInf(got.Vol, 0) {
		t.Errorf("after ten wins against 2300: %+v, want R and Vol up from %+v", got, r)
	}
}

// TestFarApart: opponents so far apart that the expected score rounds to
// 0 or 1 tell nothing, and the rating stays finite.
func TestFarApart(t *testing.T) {
	r := Rating{R: 1500, RD: 30, Vol: 0.06}
	got := r.Update([]Result{{Opponent: Rating{R: 1e6, RD: 30, Vol: 0.06}, Score: 0}})
	if got != r.Update(nil) {
		t.Errorf("against a rating of a million: %+v, want %+v", got, r.Update(nil))
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		r    Rating
		want string
	}{
		{Rating{R: 1523.4, RD: 43.6, Vol: 0.06}, "1523 ±87"},
		{Default, "1500 ±700 provisional"},
		{Rating{R: 1499.5, RD: 110, Vol: 0.06}, "1500 ±220"},
		{Rating{R: 1337.69, RD: 110.01, Vol: 0.06}, "1338 ±220 provisional"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v shows %q, want %q", c.r, got, c.want)
		}
	}
	within(t, "conservative", Rating{R: 1523, RD: 43.5}.Conservative(), 1436, 1e-9)
}

// TestProvisionalGames backs the package comment: a new player, winning
// and losing in turn against an established 1500 (RD 50), is no longer
// provisional after ten games.
func TestProvisionalGames(t *testing.T) {
	r, games := Default, 0
	for r.Provisional() {
		r = r.Update([]Result{{Opponent: Rating{R: 1500, RD: 50, Vol: 0.06}, Score: float64(games % 2)}})
		games++
	}
	if games != 10 {
		t.Errorf("provisional for %d games, want 10 (the package comment says about ten)", games)
	}
}
