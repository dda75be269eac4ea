package media

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Tile describes a generated game tile.
type Tile struct {
	Code     string // game code: the seed of the colours
	Name     string // shown on the tile
	GameType int    // picks the glyph (game-type/{id}.svg)
	Provider string // shown small at the bottom
	Dark     bool
}

// The glyphs of the game-type icons are drawn in this colour; tiles recolour it.
const glyphInk = "#8d8fb8"

const fontStack = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif`

// GameTile draws the tile of a game: a gradient seeded by the game code, a
// few soft discs, the game type's glyph, the name (wrapped on two lines) and
// the provider. The same input always gives the same bytes.
func GameTile(t Tile) []byte {
	h := seed(t.Code)
	hue1 := float64(h % 360)
	hue2 := math.Mod(hue1+40+float64(h>>9%70), 360)
	var bg1, bg2, ink, text, sub, disc string
	var discOpacity float64
	if t.Dark {
		bg1, bg2 = hsl(hue1, 0.55, 0.24), hsl(hue2, 0.6, 0.11)
		ink, text, sub, disc, discOpacity = hsl(hue1, 0.85, 0.74), "#f4f1ff", "#c9c3e8", "#ffffff", 0.07
	} else {
		bg1, bg2 = hsl(hue1, 0.75, 0.93), hsl(hue2, 0.7, 0.79)
		ink, text, sub, disc, discOpacity = hsl(hue1, 0.6, 0.32), "#1d1b3a", "#4a4668", "#ffffff", 0.4
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">`)
	b.WriteString(`<title>`)
	escape(&b, t.Name)
	b.WriteString(`</title>`)
	fmt.Fprintf(&b, `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, bg1, bg2)
	b.WriteString(`<rect width="240" height="240" rx="24" fill="url(#bg)"/>`)
	for i := range 4 {
		v := h >> (i*8 + 3)
		cx, cy, r := 20+v%200, 15+(v>>4)%150, 18+(v>>2)%46
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" fill-opacity="%.2f"/>`, cx, cy, r, disc, discOpacity)
	}
	b.WriteString(glyph(t.GameType, ink, 76, 30, 88))
	lines := wrap(t.Name, 16, 2)
	y := 158
	if len(lines) == 1 {
		y = 170
	}
	for i, line := range lines {
		fmt.Fprintf(&b, `<text x="120" y="%d" text-anchor="middle" font-family="%s" font-size="22" font-weight="700" fill="%s">`,
			y+i*26, fontStack, text)
		escape(&b, line)
		b.WriteString(`</text>`)
	}
	if t.Provider != "" {
		fmt.Fprintf(&b, `<text x="120" y="222" text-anchor="middle" font-family="%s" font-size="12" letter-spacing="1" fill="%s">`,
			fontStack, sub)
		escape(&b, strings.ToUpper(truncate(t.Provider, 28)))
		b.WriteString(`</text>`)
	}
	b.WriteString(`</svg>`)
	return b.Bytes()
}

// ProviderLogo draws a provider's logo: a monogram disc and the name on a
// gradient seeded by the provider code.
func ProviderLogo(code, name string, dark bool) []byte {
	h := seed(code)
	hue1 := float64(h % 360)
	hue2 := math.Mod(hue1+50, 360)
	bg, disc1, disc2, mono, text := "#ffffff", hsl(hue1, 0.7, 0.5), hsl(hue2, 0.75, 0.4), "#ffffff", "#1d1b3a"
	if dark {
		bg, text = "#141331", "#f4f1ff"
		disc1, disc2 = hsl(hue1, 0.8, 0.62), hsl(hue2, 0.8, 0.48)
	}
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96">`)
	b.WriteString(`<title>`)
	escape(&b, name)
	b.WriteString(`</title>`)
	fmt.Fprintf(&b, `<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, disc1, disc2)
	fmt.Fprintf(&b, `<rect width="240" height="96" rx="16" fill="%s"/>`, bg)
	b.WriteString(`<circle cx="48" cy="48" r="30" fill="url(#m)"/>`)
	fmt.Fprintf(&b, `<text x="48" y="57" text-anchor="middle" font-family="%s" font-size="24" font-weight="800" fill="%s">`, fontStack, mono)
	escape(&b, initials(name))
	b.WriteString(`</text>`)
	lines := wrap(name, 12, 2)
	y := 54
	if len(lines) == 2 {
		y = 44
	}
	for i, line := range lines {
		fmt.Fprintf(&b, `<text x="90" y="%d" font-family="%s" font-size="18" font-weight="700" fill="%s">`, y+i*22, fontStack, text)
		escape(&b, line)
		b.WriteString(`</text>`)
	}
	b.WriteString(`</svg>`)
	return b.Bytes()
}

// glyph is the game type's icon recoloured to ink, placed at x, y in a
// size x size box. Unknown types get a plain disc.
func glyph(gameType int, ink string, x, y, size int) string {
	raw, err := fs.ReadFile(FS(), fmt.Sprintf("game-type/%d.svg", gameType))
	box := fmt.Sprintf(`x="%d" y="%d" width="%d" height="%d"`, x, y, size, size)
	if err != nil || !bytes.Contains(raw, []byte(`width="48" height="48"`)) {
		return fmt.Sprintf(`<svg %s viewBox="0 0 48 48"><circle cx="24" cy="24" r="16" fill="none" stroke="%s" stroke-width="3"/></svg>`, box, ink)
	}
	s := strings.Replace(string(raw), `width="48" height="48"`, box, 1)
	return strings.ReplaceAll(strings.TrimSpace(s), glyphInk, ink)
}

func seed(s string) uint64 {
	f := fnv.New64a()
	_, _ = f.Write([]byte(s))
	return f.Sum64()
}

// escape writes s as XML character data; characters XML cannot hold become U+FFFD.
func escape(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s))
}

// wrap splits s into at most maxLines lines of about width runes, breaking at
// spaces; a word longer than a line is cut, and text beyond the last line
// ends in an ellipsis.
func wrap(s string, width, maxLines int) []string {
	words := strings.Fields(s)
	var lines []string
	cur := ""
	for _, w := range words {
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	for i := range lines {
		lines[i] = truncate(lines[i], width)
	}
	if len(lines) > maxLines {
		last := []rune(lines[maxLines-1])
		if len(last) >= width {
			last = last[:width-1]
		}
		lines = append(lines[:maxLines-1], string(last)+"…")
	}
	return lines
}

func truncate(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return string(r[:width-1]) + "…"
}

// initials are the first letters of the first two words ("Aurora Gaming" AG).
func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out = append(out, unicode.ToUpper(r))
		}
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "?"
	}
	return string(out)
}

// hsl is the hex colour of hue (degrees), saturation and lightness (0..1).
func hsl(h, s, l float64) string {
	c := (1 - math.Abs(2*l-1)) * s
	hp := h / 60
	x := c * (1 - math.Abs(math.Mod(hp, 2)-1))
	var r, g, b float64
	switch {
	case hp < 1:
		r, g = c, x
	case hp < 2:
		r, g = x, c
	case hp < 3:
		g, b = c, x
	case hp < 4:
		g, b = x, c
	case hp < 5:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := l - c/2
	to := func(v float64) int { return int(math.Round((v + m) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", to(r), to(g), to(b))
}

// WriteSVG answers a generated image with the headers of the files under
// /media/: cached for a day, an ETag of its content, and the sandboxing CSP.
func WriteSVG(w http.ResponseWriter, r *http.Request, body []byte) {
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	h.Set("ETag", fmt.Sprintf(`"%x"`, seed(string(body))))
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
