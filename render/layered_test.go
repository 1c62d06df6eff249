package render

import (
	"bytes"
	"image"
	"image/color"
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
	r := newRenderer()
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
			full, layer, _, err := r.draw(tc.state, tc.info, false)
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
// was not drawn on is still right (every pixel that differs counts as
// drawn), and that reducing it puts the sheet back as the layer: the
// canvas at once, the paletted twin once undone.
func TestQuantizeOverAnyLayer(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	boards := benchBoards(t)
	pic, _, _, err := r.draw(boards[1].state, boards[1].info, false)
	if err != nil {
		t.Fatal(err)
	}
	// Another game's layer, cut or padded to the picture's size.
	_, other, _, err := r.draw(boards[3].state, boards[3].info, false)
	if err != nil {
		t.Fatal(err)
	}
	layer := image.NewRGBA(pic.Rect)
	copy(layer.Pix, other.image().Pix)
	q := newQuantizer()
	l := &packedLayer{}
	l.pack(layer, q.quantizeTo(layer, nil, refColours))

	canvas := image.NewRGBA(pic.Rect)
	copy(canvas.Pix, pic.Pix)
	got, undo := q.quantizeOver(canvas, l, l.reduction(), nil)
	if len(got.Palette) > 256 {
		t.Fatalf("%d colours", len(got.Palette))
	}
	w, h := pic.Rect.Dx(), pic.Rect.Dy()
	near, far := strays(toRGBA(got), pic, 12, 64)
	if near > w*h/50 || far > 0 {
		t.Errorf("reduced over another layer, the picture strays: %d pixels by more than 12, %d by more than 64", near, far)
	}
	if !bytes.Equal(canvas.Pix, layer.Pix) {
		t.Error("after the reduction, the canvas is not the layer again")
	}
	restore(got, undo)
	if !bytes.Equal(got.Pix, l.reduction().Pix) {
		t.Error("undone, the paletted picture is not the layer's reduction again")
	}
}

// TestLayersPackedAndUnpacked checks that a picture kept as runs unpacks
// to itself, pixel for pixel and index for index, a rectangle of it too;
// and that pictures drawn on sheets that move from layer to layer (one
// sheet kept, the games in turn) are the same as drawn first.
func TestLayersPackedAndUnpacked(t *testing.T) {
	drawingTest(t)
	r := newRenderer()
	boards := benchBoards(t)
	q := newQuantizer()
	for _, tc := range boards {
		img, err := r.Image(tc.state, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		m := img.(*image.RGBA)
		ref := q.quantizeTo(m, nil, refColours)
		p := &packedLayer{}
		p.pack(m, ref)
		if got := p.image(); got.Rect != m.Rect || !bytes.Equal(got.Pix, m.Pix) {
			t.Errorf("%s: the picture unpacked differs from the picture", tc.game)
		}
		if got := p.reduction(); !bytes.Equal(got.Pix, ref.Pix) || len(got.Palette) != len(ref.Palette) {
			t.Errorf("%s: the reduction unpacked differs from the reduction", tc.game)
		}
		rc := image.Rect(101, 207, 433, 590)
		part := image.NewRGBA(m.Rect)
		p.paintRect(part, rc)
		for y := range m.Rect.Dy() {
			for x := range m.Rect.Dx() {
				want := color.RGBA{}
				if (image.Point{x, y}).In(rc) {
					want = m.RGBAAt(x, y)
				}
				if got := part.RGBAAt(x, y); got != want {
					t.Fatalf("%s: (%d,%d) painted from the runs of %v is %v, want %v", tc.game, x, y, rc, got, want)
				}
			}
		}
	}

	first := make([][]byte, len(boards))
	for i, tc := range boards {
		data, err := r.PNG(tc.state, tc.info)
		if err != nil {
			t.Fatal(err)
		}
		first[i] = data
	}
	one := newRenderer()
	one.sheets.keep = 1
	for round := range 2 {
		for i, tc := range boards {
			data, err := one.PNG(tc.state, tc.info)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, first[i]) {
				t.Errorf("round %d: %s's picture on a sheet that showed another game differs", round, tc.game)
			}
			if again, err := one.PNG(tc.state, tc.info); err != nil || !bytes.Equal(again, first[i]) {
				t.Errorf("round %d: %s's picture drawn twice on one sheet differs (%v)", round, tc.game, err)
			}
		}
	}
}

// TestEveryGameAtOnce draws a crowded board of every game from two
// goroutines at once through one fresh Renderer: they race for the static
// layers (drawn and packed once), the sheets that move between layers, the
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
		fresh, _, _, err := newRenderer().draw(tc.state, tc.info, false)
		stampsOff = false
		if err != nil {
			t.Fatal(err)
		}
		stamped, _, _, err := newRenderer().draw(tc.state, tc.info, false)
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
