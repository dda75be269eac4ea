package media

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Icon is one UI icon as the icon service answers it: the markup inside
// <svg> (with the root's presentation attributes carried by a <g>) and the
// viewBox size.
type Icon struct {
	Body   string `json:"body"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// IconSet is the UI icon set drawn under files/icons, read once.
type IconSet struct {
	icons map[string]Icon
}

// presentation attributes of an icon's root that its body must keep.
var rootPaint = []string{"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"}

// LoadIcons reads every files/icons/*.svg.
func LoadIcons() (*IconSet, error) {
	fsys := FS()
	names, err := fs.Glob(fsys, "icons/*.svg")
	if err != nil {
		return nil, fmt.Errorf("icons: %w", err)
	}
	set := &IconSet{icons: make(map[string]Icon, len(names))}
	for _, n := range names {
		raw, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("icons: %w", err)
		}
		icon, err := parseIcon(string(raw))
		if err != nil {
			return nil, fmt.Errorf("icon %s: %w", n, err)
		}
		set.icons[strings.TrimSuffix(path.Base(n), ".svg")] = icon
	}
	return set, nil
}

// parseIcon splits an SVG file into its viewBox size and inner markup.
func parseIcon(src string) (Icon, error) {
	dec := xml.NewDecoder(strings.NewReader(src))
	var root xml.StartElement
	for {
		tok, err := dec.Token()
		if err != nil {
			return Icon{}, fmt.Errorf("no <svg> root: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "svg" {
				return Icon{}, fmt.Errorf("root is <%s>", se.Name.Local)
			}
			root = se
			break
		}
	}
	start := int(dec.InputOffset())
	end := strings.LastIndex(src, "</svg>")
	if end < start {
		return Icon{}, fmt.Errorf("no </svg>")
	}
	inner := strings.TrimSpace(src[start:end])
	var icon Icon
	var paint []string
	for _, a := range root.Attr {
		if a.Name.Local == "viewBox" {
			f := strings.Fields(a.Value)
			if len(f) != 4 {
				return Icon{}, fmt.Errorf("viewBox %q", a.Value)
			}
			w, err1 := strconv.Atoi(f[2])
			h, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil || f[0] != "0" || f[1] != "0" {
				return Icon{}, fmt.Errorf("viewBox %q", a.Value)
			}
			icon.Width, icon.Height = w, h
		}
		if slices.Contains(rootPaint, a.Name.Local) {
			var b strings.Builder
			_ = xml.EscapeText(&b, []byte(a.Value))
			paint = append(paint, fmt.Sprintf(`%s="%s"`, a.Name.Local, b.String()))
		}
	}
	if icon.Width == 0 {
		return Icon{}, fmt.Errorf("no viewBox")
	}
	icon.Body = inner
	if len(paint) > 0 {
		icon.Body = "<g " + strings.Join(paint, " ") + ">" + inner + "</g>"
	}
	return icon, nil
}

// Names lists the icons, sorted.
func (s *IconSet) Names() []string {
	out := make([]string, 0, len(s.icons))
	for n := range s.icons {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Get returns the icon called name.
func (s *IconSet) Get(name string) (Icon, bool) {
	i, ok := s.icons[name]
	return i, ok
}

// maxIcons bounds one icon request.
const maxIcons = 64

// IconsAnswer is what GET /api/icons answers (the shape of a public icon
// service, not the API envelope).
type IconsAnswer struct {
	Prefix   string          `json:"prefix"`
	Icons    map[string]Icon `json:"icons"`
	NotFound []string        `json:"not_found"`
}

// Handler serves GET /api/icons?icons=home,user: the named icons, and the
// names it does not have under not_found. A missing or oversized list is a
// 400 with a JSON error.
func (s *IconSet) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var names []string
		asked := 0
		for _, v := range r.URL.Query()["icons"] {
			for n := range strings.SplitSeq(v, ",") {
				if n = strings.TrimSpace(n); n != "" {
					asked++
					if !slices.Contains(names, n) && asked <= maxIcons {
						names = append(names, n)
					}
				}
			}
		}
		if asked == 0 || asked > maxIcons {
			writeIconJSON(w, http.StatusBadRequest, map[string]any{"code": 400,
				"message": fmt.Sprintf("icons must list 1 to %d names", maxIcons)}, false)
			return
		}
		out := IconsAnswer{Prefix: "gh", Icons: map[string]Icon{}, NotFound: []string{}}
		for _, n := range names {
			if icon, ok := s.icons[n]; ok {
				out.Icons[n] = icon
			} else {
				out.NotFound = append(out.NotFound, n)
			}
		}
		writeIconJSON(w, http.StatusOK, out, true)
	})
}

func writeIconJSON(w http.ResponseWriter, status int, v any, cacheable bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // bodies are SVG markup; keep them readable
	if err := enc.Encode(v); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	body := buf.Bytes()
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if cacheable {
		h.Set("Cache-Control", "public, max-age=86400")
	} else {
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
