package rating

import (
	"fmt"
	"math"
)

// The constants of the system (see the package comment).
const (
	// Tau is the system constant τ, which limits how fast the volatility
	// changes: smaller values keep the ratings from swinging on
	// improbable results.
	Tau = 0.5
	// Epsilon is the tolerance of the volatility iteration.
	Epsilon = 0.000001
	// Scale converts between the Glicko scale (R, RD) and the Glicko-2
	// scale (μ, φ): μ = (R − 1500) / Scale, φ = RD / Scale.
	Scale = 173.7178
	// ProvisionalRD is the RD above which a rating is shown provisional.
	ProvisionalRD = 110
)

// Rating is a player's strength as Glicko-2 knows it: the rating R, its
// deviation RD (one standard deviation) and the volatility Vol.
type Rating struct {
	R, RD, Vol float64
}

// Default is the rating of a player who has not played yet.
var Default = Rating{R: 1500, RD: 350, Vol: 0.06}

// Result is one game against one opponent within a rating period: the
// opponent's rating at the start of the period and the score, 1 for a
// win, 0.5 for a draw, 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// maxSteps bounds the loops of the volatility iteration, which converge
// in a handful of steps; the bound only guards against a pathological
// input looping forever.
const maxSteps = 1000

// Update is the rating after a rating period in which the player had the
// results given, by the steps of Glickman's paper. With no results the
// period only widens the deviation: RD grows to √(φ² + σ²), R and Vol
// stay.
func (r Rating) Update(results []Result) Rating {
	// Step 2: the Glicko-2 scale.
	mu, phi, sigma := (r.R-1500)/Scale, r.RD/Scale, r.Vol
	// Steps 3 and 4: the estimated variance v of the rating from the
	// results alone, and the estimated improvement Δ = v·sum.
	var inverseV, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.R-1500)/Scale, res.Opponent.RD/Scale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		inverseV += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	if len(results) == 0 || inverseV == 0 || math.IsInf(inverseV, 0) || math.IsNaN(inverseV) {
		// No games, or none telling anything (opponents so far apart
		// that the expected score is exactly 0 or 1): only time passes.
		return Rating{R: r.R, RD: math.Sqrt(phi*phi+sigma*sigma) * Scale, Vol: sigma}
	}
	v := 1 / inverseV
	delta := v * sum
	// Step 5: the new volatility.
	sigma = volatility(phi, sigma, v, delta)
	// Step 6: the deviation widened by the period.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	// Step 7: the new deviation and rating.
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko scale.
	return Rating{R: Scale*mu + 1500, RD: Scale * phi, Vol: sigma}
}

// volatility is step 5 of the paper: σ' = e^(A/2), A the root of f found
// by the Illinois variant of regula falsi.
func volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < maxSteps {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for step := 0; math.Abs(B-A) > Epsilon && step < maxSteps; step++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Provisional reports whether the rating is still too uncertain to be
// taken at its word: RD above ProvisionalRD.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Conservative is the low end of the rating's 95% interval, R − 2·RD:
// a strength the player has shown with confidence.
func (r Rating) Conservative() float64 { return r.R - 2*r.RD }

// String shows the rating as its 95% interval, "1523 ±87" (R and 2·RD,
// rounded), with " provisional" after it while Provisional.
func (r Rating) String() string {
	s := fmt.Sprintf("%d ±%d", int(math.Round(r.R)), int(math.Round(2*r.RD)))
	if r.Provisional() {
		s += " provisional"
	}
	return s
}
