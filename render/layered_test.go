package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"parlor/rules"
)

// TestPNGLooksLikeTheImage checks the PNG of a crowded board of every game,
// reduced as a layer plus what was drawn on it, against the full-colour
// picture: off by little more than an antialiased edge's shade, never by
// much, and the colours of the seats exact where they are flat.
func TestPNGLooksLikeTheImage(t *testing.T) {
	drawingTest(t)
	r := New()
	for _, tc := range benchBoards(t) {
		t.Run(tc.game, func(t *testing.T) {
			data, err := r.PNG(tc.state, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			full, layer, err := r.draw(tc.state, tc.info, nil)
			if err != nil {
				t.Fatal(err)
			}
			if layer == nil {
				t.Fatal("the painter reported no static layer")
			}
			got := toRGBA(img)
			w, h := full.Rect.Dx(), full.Rect.Dy()
			near, far := strays(got, full, 12, 64)
			if near > w*h/100 || far > 0 {
				t.Errorf("PNG strays from the image: %d pixels by more than 12, %d by more than 64; want under %d and 0",
					near, far, w*h/100)
			}
			flat := 0
			for y := 1; y < h-1; y++ {
				for x := 1; x < w-1; x++ {
					c := full.RGBAAt(x, y)
					seat := -1
					for s, f := range seatFill {
						if c == f {
							seat = s
						}
					}
					if seat < 0 || full.RGBAAt(x-1, y) != c || full.RGBAAt(x+1, y) != c ||
						full.RGBAAt(x, y-1) != c || full.RGBAAt(x, y+1) != c {
						continue
					}
					flat++
					if g := got.RGBAAt(x, y); g != c {
						t.Fatalf("(%d,%d) is seat %d's colour %v, flat around; the PNG has %v", x, y, seat, c, g)
					}
				}
			}
			if flat == 0 {
				t.Fatal("no flat seat colour to check")
			}
		})
	}
}

// TestQuantizeOverAnyLayer checks that a picture reduced over a layer it
// was not drawn on is still right: every pixel that differs counts as drawn.
func TestQuantizeOverAnyLayer(t *testing.T) {
	drawingTest(t)
	r := New()
	boards := benchBoards(t)
	pic, _, err := r.draw(boards[1].state, boards[1].info, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Another game's layer, cut or padded to the picture's size.
	_, other, err := r.draw(boards[3].state, boards[3].info, nil)
	if err != nil {
		t.Fatal(err)
	}
	layer := image.NewRGBA(pic.Rect)
	copy(layer.Pix, other.img.Pix)
	q := newQuantizer()
	ref := q.quantizeTo(layer, nil, refColours)
	got := q.quantizeOver(pic, layer, ref, nil)
	if len(got.Palette) > 256 {
		t.Fatalf("%d colours", len(got.Palette))
	}
	w, h := pic.Rect.Dx(), pic.Rect.Dy()
	near, far := strays(toRGBA(got), pic, 12, 64)
	if near > w*h/50 || far > 0 {
		t.Errorf("reduced over another layer, the picture strays: %d pixels by more than 12, %d by more than 64", near, far)
	}
}

// TestLayersPackedAndUnpacked checks that a static layer unpacked from its
// runs is the layer drawn, pixel for pixel and index for index, and that
// pictures drawn after their layer fell out of the few kept ready are the
// same as before.
func TestLayersPackedAndUnpacked(t *testing.T) {
	drawingTest(t)
	r := New()
	boards := benchBoards(t)
	first := make([][]byte, len(boards))
	for i, tc := range boards {
		data, err := r.PNG(tc.state, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		first[i] = data
	}
	if n := len(r.layers.recent); n > hotLayers {
		t.Fatalf("%d layers unpacked, want at most %d", n, hotLayers)
	}
	for key, p := range r.layers.packed {
		fresh := p.unpack()
		var drawn *layer
		for i, tc := range boards {
			if tc.game == key.game {
				_, drawn, _ = r.draw(boards[i].state, boards[i].info, nil)
			}
		}
		if drawn == nil {
			t.Fatalf("no board of %s", key.game)
		}
		if !bytes.Equal(fresh.img.Pix, drawn.img.Pix) || fresh.img.Rect != drawn.img.Rect {
			t.Errorf("%s: the layer unpacked differs from the layer drawn", key.game)
		}
		if !bytes.Equal(fresh.ref.Pix, drawn.ref.Pix) || len(fresh.ref.Palette) != len(drawn.ref.Palette) {
			t.Errorf("%s: the reduction unpacked differs from the layer's", key.game)
		}
	}
	// Every board again, each time after the others: each layer is
	// unpacked afresh at least once.
	for round := range 2 {
		for i, tc := range boards {
			data, err := r.PNG(tc.state, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, first[i]) {
				t.Errorf("round %d: %s's picture changed after its layer was packed away", round, tc.game)
			}
		}
	}
}

// TestEveryGameAtOnce draws a crowded board of every game from two
// goroutines at once through one fresh Renderer: they race for the static
// layers (drawn, packed and unpacked as they fall out of the few kept), the
// scratch and the turns, and every picture must be the one drawn alone.
// It is the concurrency test that runs under -race.
func TestEveryGameAtOnce(t *testing.T) {
	var states []rules.State
	var infos []Info
	for _, b := range benchBoards(t) {
		states, infos = append(states, b.state), append(infos, b.info)
	}
	for _, err := range drawConcurrently(states, infos, 2) {
		t.Error(err)
	}
}

// TestStampsLookTheSame draws every game's crowded board with its stamps
// (the small drawings kept as sprites) and with every stamp drawn afresh:
// the two differ by the rounding of blending an antialiased edge in two
// steps instead of one, never by a shape out of place.
func TestStampsLookTheSame(t *testing.T) {
	drawingTest(t)
	for _, tc := range benchBoards(t) {
		stampsOff = true
		fresh, _, err := New().draw(tc.state, tc.info, nil)
		stampsOff = false
		if err != nil {
			t.Fatal(err)
		}
		stamped, _, err := New().draw(tc.state, tc.info, nil)
		if err != nil {
			t.Fatal(err)
		}
		limit := len(fresh.Pix) / 4 / 2000
		if near, far := strays(stamped, fresh, 8, 40); near > limit || far > 0 {
			t.Errorf("%s: stamped, %d pixels differ by more than 8 and %d by more than 40 from the drawing without stamps; want under %d and none",
				tc.game, near, far, limit)
		}
	}
}
