package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"math/bits"
	"runtime"
	"slices"
)

// A board picture is mostly long runs of one colour, and most of its rows
// repeat the row above for long stretches: the squares, the margins, the
// bars. A general compressor spends its time hashing and looking for
// matches anywhere behind; pngEncoder looks only where a board's repeats
// are, one pixel back (a run) and one row up, so it compresses a board in a
// fraction of the time and to about the same size. It writes 8-bit
// paletted PNG files only: the pictures the renderer makes.
//
// The file is a valid PNG of the paletted image, decoded by any reader:
// the pixel data is one zlib stream of dynamic-Huffman deflate blocks
// (RFC 1950, 1951), the rows unfiltered as image/png writes paletted rows.

// pngEncoder keeps its scratch between pictures.
type pngEncoder struct {
	raw    []byte       // the rows, each after its filter byte
	tokens []uint16     // the stream as literals and matches
	up     int          // the distance one row back
	bw     bitWriter    // the zlib stream
	adler  uint32       // the checksum of the rows deflated so far
	file   bytes.Buffer // the file, for a caller that copies it out
	litF   [286]int32
	distF  [30]int32
}

// A token is a literal byte, or a match: bit 8 set, the length less 3 in
// bits 0–7, and which distance in bit 9 (clear: one byte back; set: one
// row up), the only two the parse looks at. So a token's low ten bits
// index one table of its code.
const (
	tokMatch  = 1 << 8
	tokUp     = 1 << 9
	minMatch  = 3
	maxMatch  = 258
	maxTokens = 1 << 14 // tokens in one deflate block, a few hundred µs of work
)

var errPNGSize = errors.New("render: a picture too large for a PNG")

// encode appends the PNG file of m to dst. m has at most 256 colours.
func (e *pngEncoder) encode(dst *bytes.Buffer, m *image.Paletted) error {
	return e.encodeRows(dst, m, nil)
}

// encodeRows is encode for an image m made by newRows with raw, or for any
// image if raw is nil.
func (e *pngEncoder) encodeRows(dst *bytes.Buffer, m *image.Paletted, raw []byte) error {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w <= 0 || h <= 0 || len(m.Palette) == 0 || len(m.Palette) > 256 || w+1 > 32768 || int64(w)*int64(h) > 1<<28 {
		return errPNGSize
	}
	dst.WriteString("\x89PNG\r\n\x1a\n")

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, paletted
	writeChunk(dst, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*256)
	trns := make([]byte, 0, 256)
	lastAlpha := -1
	for i, c := range m.Palette {
		n := color.NRGBAModel.Convert(c).(color.NRGBA) // as image/png writes it
		plte = append(plte, n.R, n.G, n.B)
		trns = append(trns, n.A)
		if n.A != 0xff {
			lastAlpha = i
		}
	}
	writeChunk(dst, "PLTE", plte)
	if lastAlpha >= 0 {
		writeChunk(dst, "tRNS", trns[:lastAlpha+1])
	}

	// The rows, each after its filter byte (0: none).
	stride := w + 1
	if raw == nil || len(raw) != stride*h || len(m.Pix) == 0 || &raw[1] != &m.Pix[0] || m.Stride != stride {
		e.raw = slices.Grow(e.raw[:0], stride*h)[:stride*h]
		raw = e.raw
		for y := range h {
			off := m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y+y)
			copy(raw[y*stride+1:(y+1)*stride], m.Pix[off:off+w])
		}
	}
	for y := range h {
		raw[y*stride] = 0
	}

	e.bw = bitWriter{buf: e.bw.buf}
	e.bw.reserve(6)
	e.bw.put(0x78|0x01<<8, 16) // deflate, 32 KB window, fastest
	e.deflate(raw, stride)
	e.bw.align()
	e.bw.reserve(4)
	e.bw.put(uint64(bits.ReverseBytes32(e.adler)), 32)
	writeChunk(dst, "IDAT", e.bw.buf[:e.bw.pos])
	writeChunk(dst, "IEND", nil)
	return nil
}

// newRows returns a paletted image of the size r whose rows lie in raw,
// each after a spare byte, as a PNG file's rows follow their filter bytes:
// pngEncoder.encodeRows compresses such an image's pixels where they are.
func newRows(r image.Rectangle) (m *image.Paletted, raw []byte) {
	w, h := r.Dx(), r.Dy()
	raw = make([]byte, (w+1)*h)
	return &image.Paletted{Pix: raw[1:], Stride: w + 1, Rect: r}, raw
}

// writeChunk writes a PNG chunk: length, type, data, CRC.
func writeChunk(dst *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	dst.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	dst.WriteString(kind)
	dst.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	dst.Write(n[:])
}

// deflate writes raw as deflate blocks to e.out, looking for matches one
// byte back and one row (up bytes) back.
func (e *pngEncoder) deflate(raw []byte, up int) {
	e.up = up
	i := 0
	e.adler = 1
	for {
		start := i
		e.tokens = e.tokens[:0]
		e.litF, e.distF = [286]int32{}, [30]int32{}
		for i < len(raw) && len(e.tokens) < maxTokens {
			// Most bytes start neither a run nor a repeat of the row above:
			// look at one byte before comparing eight at a time.
			c, run, above := raw[i], 0, 0
			if i >= up && raw[i-up] == c {
				above = matchLen(raw[i:], raw[i-up:])
			}
			if above < maxMatch && i >= 1 && raw[i-1] == c {
				run = matchLen(raw[i:], raw[i-1:])
			}
			switch {
			case run >= minMatch && run >= above:
				e.match(run, 1)
				i += run
			case above >= minMatch:
				e.match(above, up)
				i += above
			default:
				e.tokens = append(e.tokens, uint16(c))
				e.litF[c]++
				i++
			}
		}
		// The bytes just parsed are still in the cache: sum them now.
		e.adler = adler32Update(e.adler, raw[start:i])
		e.block(i == len(raw))
		if i == len(raw) {
			break
		}
		runtime.Gosched() // let the quick work in (see Renderer.PNG)
	}
}

// match records a match of length n (3 to 258) at distance d.
func (e *pngEncoder) match(n, d int) {
	t := tokMatch | uint16(n-minMatch)
	if d != 1 {
		t |= tokUp // d is e.up
	}
	e.tokens = append(e.tokens, t)
	e.litF[lengthCode[n-minMatch]]++
	e.distF[distCode(d)]++
}

// matchLen is how many bytes from the start of a equal those of b, at most
// maxMatch. a and b may overlap, as a deflate match's source and copy do.
func matchLen(a, b []byte) int {
	n := min(len(a), len(b), maxMatch)
	i := 0
	for i+8 <= n {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// block writes the tokens as one dynamic-Huffman block.
func (e *pngEncoder) block(final bool) {
	e.litF[256]++ // end of block
	var litL [286]uint8
	var distL [30]uint8
	huffLengths(e.litF[:], litL[:], 15)
	huffLengths(e.distF[:], distL[:], 15)
	var litC [286]uint16
	var distC [30]uint16
	canonical(litL[:], litC[:])
	canonical(distL[:], distC[:])

	nlit, ndist := 286, 30
	for nlit > 257 && litL[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && distL[ndist-1] == 0 {
		ndist--
	}
	// The code lengths, run-length coded with the symbols 16, 17, 18.
	lens := make([]uint8, 0, nlit+ndist)
	lens = append(lens, litL[:nlit]...)
	lens = append(lens, distL[:ndist]...)
	type clSym struct{ sym, extra uint8 }
	var syms []clSym
	var clF [19]int32
	for i := 0; i < len(lens); {
		l, n := lens[i], 1
		for i+n < len(lens) && lens[i+n] == l {
			n++
		}
		i += n
		if l == 0 {
			for n >= 11 {
				k := min(n, 138)
				syms, n = append(syms, clSym{18, uint8(k - 11)}), n-k
				clF[18]++
			}
			if n >= 3 {
				syms, n = append(syms, clSym{17, uint8(n - 3)}), 0
				clF[17]++
			}
		} else {
			syms, n = append(syms, clSym{l, 0}), n-1
			clF[l]++
			for n >= 3 {
				k := min(n, 6)
				syms, n = append(syms, clSym{16, uint8(k - 3)}), n-k
				clF[16]++
			}
		}
		for ; n > 0; n-- {
			syms = append(syms, clSym{l, 0})
			clF[l]++
		}
	}
	var clL [19]uint8
	var clC [19]uint16
	huffLengths(clF[:], clL[:], 7)
	canonical(clL[:], clC[:])
	nclen := 19
	for nclen > 4 && clL[clOrder[nclen-1]] == 0 {
		nclen--
	}

	bw := &e.bw
	// The header is at most 17 + 19·3 + 7·(286+30) bits; a token at most 48.
	bw.reserve(300 + 6*len(e.tokens))
	last := uint64(0)
	if final {
		last = 1
	}
	bw.put(last|2<<1|uint64(nlit-257)<<3|uint64(ndist-1)<<8|uint64(nclen-4)<<13, 17) // dynamic Huffman
	for _, s := range clOrder[:nclen] {
		bw.put(uint64(clL[s]), 3)
	}
	for _, s := range syms {
		v, nb := uint64(clC[s.sym]), uint(clL[s.sym])
		if s.sym >= 16 {
			v |= uint64(s.extra) << nb
			nb += uint(clExtra[s.sym-16])
		}
		bw.put(v, nb)
	}

	// Each token's code with its extra bits, as one word: the bits, and
	// their count in the top byte; a match's at most 20 bits of length
	// and 28 of distance.
	var codes [1 << 10]uint64
	for c := range 256 {
		codes[c] = uint64(litC[c]) | uint64(litL[c])<<56
	}
	for slot, d := range [2]int{1, e.up} {
		dc := distCode(d)
		dv, dn := uint64(distC[dc]), uint64(distL[dc])
		dv |= uint64(d-int(distBase[dc])) << dn
		dn += uint64(distExtra[dc])
		for n := range 256 {
			lc := lengthCode[n]
			v, nb := uint64(litC[lc]), uint64(litL[lc])
			v |= uint64(n+minMatch-int(lengthBase[lc-257])) << nb
			nb += uint64(lengthExtra[lc-257])
			codes[tokMatch|slot<<9|n] = v | dv<<nb | (nb+dn)<<56
		}
	}
	for _, t := range e.tokens {
		w := codes[t&(1<<10-1)]
		bw.put(w&(1<<56-1), uint(w>>56))
	}
	bw.put(uint64(litC[256]), uint(litL[256]))
}

// bitWriter writes bits the way deflate packs them: the first bit in the
// lowest bit of the first byte. Its buf has room for 8 bytes past pos, so
// a put stores a whole word without asking whether it fits.
type bitWriter struct {
	buf []byte
	pos int    // bytes written
	acc uint64 // bits not yet complete bytes, fewer than 8
	n   uint
}

// reserve makes room for n more bytes.
func (b *bitWriter) reserve(n int) {
	if need := b.pos + n + 8; need > len(b.buf) {
		b.buf = slices.Grow(b.buf, need-len(b.buf))
		b.buf = b.buf[:cap(b.buf)]
	}
}

// put writes the nb low bits of v, nb at most 56, after a reserve of a
// byte for every 8 bits put since.
func (b *bitWriter) put(v uint64, nb uint) {
	b.acc |= v << b.n
	b.n += nb
	binary.LittleEndian.PutUint64(b.buf[b.pos:], b.acc)
	k := b.n >> 3
	b.pos += int(k)
	b.acc = b.acc >> (k * 8) // 0 when k is 8
	b.n &= 7
}

// align pads the bits written to a whole byte.
func (b *bitWriter) align() {
	if b.n > 0 {
		b.pos++ // put stored the byte already
		b.acc, b.n = 0, 0
	}
}

// clOrder is the order the code-length code's lengths are written in.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// clExtra is how many extra bits the code-length symbols 16, 17, 18 take.
var clExtra = [3]uint8{2, 3, 7}

var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// lengthCode is the literal/length symbol of each match length less 3.
	lengthCode = func() (t [256]uint16) {
		c := 0
		for n := range t {
			for c+1 < len(lengthBase) && n+minMatch >= int(lengthBase[c+1]) {
				c++
			}
			t[n] = uint16(257 + c)
		}
		return t
	}()
)

// distCode is the distance symbol of the distance d, 1 to 32768.
func distCode(d int) int {
	if d <= 4 {
		return d - 1
	}
	v := uint32(d - 1)
	n := bits.Len32(v)
	return 2*(n-1) + int(v>>(n-2)&1)
}

// huffLengths sets lens to the lengths of a Huffman code for the symbols
// of freq, none longer than limit, and of at least two symbols, as every
// decoder accepts. A symbol of frequency 0 gets no code.
func huffLengths(freq []int32, lens []uint8, limit int) {
	f := make([]int64, len(freq))
	used := 0
	for i, v := range freq {
		if f[i] = int64(v); v > 0 {
			used++
		}
	}
	for i := 0; used < 2; i++ {
		if f[i] == 0 {
			f[i], used = 1, used+1
		}
	}
	for {
		if huffTree(f, lens) <= limit {
			return
		}
		// Too deep: flatten the frequencies and build again. All equal,
		// the tree is as shallow as it can be, so this ends.
		for i := range f {
			if f[i] > 0 {
				f[i] = f[i]/2 + 1
			}
		}
	}
}

// huffTree sets lens to the depths of a Huffman tree of the nonzero
// frequencies f and returns the deepest.
func huffTree(f []int64, lens []uint8) int {
	type node struct {
		f      int64
		parent int32
	}
	var leaves []int32
	for i, v := range f {
		lens[i] = 0
		if v > 0 {
			leaves = append(leaves, int32(i))
		}
	}
	slices.SortFunc(leaves, func(a, b int32) int {
		if f[a] != f[b] {
			if f[a] < f[b] {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	nodes := make([]node, 0, 2*len(leaves))
	for _, s := range leaves {
		nodes = append(nodes, node{f: f[s], parent: -1})
	}
	// Two queues: the leaves in order, and the joined nodes, made in order.
	li, ji, nl := 0, len(leaves), len(leaves)
	pick := func() int {
		if li < nl && (ji >= len(nodes) || nodes[li].f <= nodes[ji].f) {
			li++
			return li - 1
		}
		ji++
		return ji - 1
	}
	for len(nodes)-nl < nl-1 {
		a, b := pick(), pick()
		nodes = append(nodes, node{f: nodes[a].f + nodes[b].f, parent: -1})
		nodes[a].parent, nodes[b].parent = int32(len(nodes)-1), int32(len(nodes)-1)
	}
	// Depths, from the root down: a parent comes after its children.
	depth := make([]uint8, len(nodes))
	deepest := 0
	for i := len(nodes) - 2; i >= 0; i-- {
		depth[i] = depth[nodes[i].parent] + 1
		if i < nl {
			lens[leaves[i]] = depth[i]
			deepest = max(deepest, int(depth[i]))
		}
	}
	return deepest
}

// canonical sets codes to the canonical Huffman code of the lengths, each
// code's bits reversed, as deflate writes them.
func canonical(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range lens {
		if l == 0 {
			codes[s] = 0
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// adler32Sum is hash/adler32's checksum of p, eight bytes at a time: for
// bytes b0…b7, s1 grows by their sum and s2 by 8·s1 + 8·b0 + 7·b1 + … + b7.
// The sums of the bytes in even and odd places are taken in four 16-bit
// lanes of a word, and a multiplication adds the lanes, weighted, into the
// top one.
func adler32Sum(p []byte) uint32 { return adler32Update(1, p) }

// adler32Update is the checksum a of some bytes updated with the bytes p.
func adler32Update(a uint32, p []byte) uint32 {
	const mod = 65521
	s1, s2 := uint64(a&0xffff), uint64(a>>16)
	for len(p) > 0 {
		// 32 KB at most between reductions: s2 stays far below 2⁶⁴.
		n := min(len(p), 32<<10)
		q := p[:n]
		p = p[n:]
		for len(q) >= 8 {
			v := binary.LittleEndian.Uint64(q)
			even, odd := v&0x00ff00ff00ff00ff, v>>8&0x00ff00ff00ff00ff
			sum := (even + odd) * 0x0001000100010001 >> 48
			weighted := even*(2|4<<16|6<<32|8<<48)>>48 + odd*(1|3<<16|5<<32|7<<48)>>48
			s2 += 8*s1 + weighted
			s1 += sum
			q = q[8:]
		}
		for _, b := range q {
			s1 += uint64(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return uint32(s2<<16 | s1)
}
