// Package sanitize rebuilds operator HTML from an allow-list.
//
// Operator HTML (agreements, bulletins, announcements, letters, pages) is
// shown by the browser as HTML (design section 6: content HTML from
// operators is sanitised). The sanitiser rebuilds the text from an allow-list instead of filtering it:
// text is unescaped and escaped again, allowed tags are written back in a
// canonical form without attributes (links keep an http(s), mailto or
// site-relative href), every other tag is dropped with its content kept,
// and the content of script-like elements is dropped entirely. Nothing the
// operator wrote reaches the page except through this rebuild.

package sanitize

import (
	"html"
	"strings"
)

// allowedTags are written back (without attributes, except a's href and
// img's src and alt).
var allowedTags = map[string]bool{
	"p": true, "br": true, "b": true, "strong": true, "i": true, "em": true, "u": true, "s": true,
	"ul": true, "ol": true, "li": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"blockquote": true, "hr": true, "a": true, "span": true, "div": true, "small": true, "sub": true, "sup": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "img": true,
}

// voidTags have no end tag.
var voidTags = map[string]bool{"br": true, "hr": true, "img": true}

// droppedTags lose their content too: it is code, styling or a document of its own.
var droppedTags = map[string]bool{
	"script": true, "style": true, "iframe": true, "object": true, "embed": true, "noscript": true,
	"template": true, "textarea": true, "title": true, "xmp": true, "noembed": true, "noframes": true,
	"svg": true, "math": true, "select": true, "applet": true, "frameset": true, "plaintext": true,
}

// HTML returns the allow-listed rebuild of s.
func HTML(s string) string {
	var out strings.Builder
	i := 0
	text := func(t string) { out.WriteString(html.EscapeString(html.UnescapeString(t))) }
	for i < len(s) {
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			text(s[i:])
			break
		}
		text(s[i : i+lt])
		i += lt
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				return out.String()
			}
			i += 4 + end + 3
			continue
		case strings.HasPrefix(rest, "<!") || strings.HasPrefix(rest, "<?"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return out.String()
			}
			i += end + 1
			continue
		}
		t, n, ok := parseTag(rest)
		if !ok {
			// A lone '<' is text.
			out.WriteString("&lt;")
			i++
			continue
		}
		i += n
		if droppedTags[t.name] {
			if !t.closing && !t.selfClosing {
				i += skipElement(s[i:], t.name)
			}
			continue
		}
		if !allowedTags[t.name] {
			continue
		}
		switch {
		case t.closing && !voidTags[t.name]:
			out.WriteString("</" + t.name + ">")
		case t.closing:
		case t.name == "a":
			out.WriteString("<a")
			if href, ok := safeHref(t.attrs["href"]); ok {
				out.WriteString(` href="` + html.EscapeString(href) + `" rel="noopener noreferrer"`)
				if !strings.HasPrefix(href, "/") {
					out.WriteString(` target="_blank"`)
				}
			}
			out.WriteString(">")
		case t.name == "img":
			// An image needs a source of this site or an https one; alt is text.
			src, ok := safeHref(t.attrs["src"])
			if !ok || !(strings.HasPrefix(src, "/") || strings.HasPrefix(strings.ToLower(src), "https://")) {
				continue
			}
			out.WriteString(`<img src="` + html.EscapeString(src) + `"`)
			if alt := html.UnescapeString(t.attrs["alt"]); alt != "" && len(alt) <= 300 {
				out.WriteString(` alt="` + html.EscapeString(alt) + `"`)
			}
			out.WriteString(">")
		default:
			out.WriteString("<" + t.name + ">")
		}
	}
	return out.String()
}

type tag struct {
	name                 string
	closing, selfClosing bool
	attrs                map[string]string
}

// parseTag reads one tag at the start of s ("<name ...>" or "</name>") and
// returns it with its length; ok is false when s does not start a tag.
func parseTag(s string) (tag, int, bool) {
	var t tag
	i := 1
	if i < len(s) && s[i] == '/' {
		t.closing = true
		i++
	}
	start := i
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	if i == start || !isLetter(s[start]) {
		return tag{}, 0, false
	}
	t.name = strings.ToLower(s[start:i])
	t.attrs = map[string]string{}
	for i < len(s) {
		c := s[i]
		switch {
		case c == '>':
			return t, i + 1, true
		case c == '/':
			t.selfClosing = true
			i++
		case isSpace(c):
			i++
		default:
			j := i
			for j < len(s) && !isSpace(s[j]) && s[j] != '=' && s[j] != '>' && s[j] != '/' {
				j++
			}
			if j == i { // a stray '=': skip it
				j++
			}
			name := strings.ToLower(s[i:j])
			i = j
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			value := ""
			if i < len(s) && s[i] == '=' {
				i++
				for i < len(s) && isSpace(s[i]) {
					i++
				}
				if i < len(s) && (s[i] == '"' || s[i] == '\'') {
					q := s[i]
					end := strings.IndexByte(s[i+1:], q)
					if end < 0 {
						return tag{}, 0, false
					}
					value = s[i+1 : i+1+end]
					i += end + 2
				} else {
					j := i
					for j < len(s) && !isSpace(s[j]) && s[j] != '>' {
						j++
					}
					value = s[i:j]
					i = j
				}
			}
			if _, seen := t.attrs[name]; !seen {
				t.attrs[name] = value
			}
			t.selfClosing = false
		}
	}
	return tag{}, 0, false // no closing '>': not a tag
}

// skipElement is the length of s up to and including the end tag of name
// (all of s when it has none).
func skipElement(s, name string) int {
	lower := strings.ToLower(s)
	for from := 0; ; {
		k := strings.Index(lower[from:], "</"+name)
		if k < 0 {
			return len(s)
		}
		k += from
		after := k + 2 + len(name)
		if after == len(s) || !isNameByte(s[after]) {
			end := strings.IndexByte(s[after:], '>')
			if end < 0 {
				return len(s)
			}
			return after + end + 1
		}
		from = after
	}
}

// safeHref accepts http(s) and mailto links and site-relative paths. Browsers
// ignore tabs, newlines and control characters inside a URL, so they are
// removed before the scheme is checked.
func safeHref(raw string) (string, bool) {
	v := html.UnescapeString(raw)
	v = strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v)
	if v == "" || len(v) > 2000 {
		return "", false
	}
	l := strings.ToLower(v)
	switch {
	case strings.HasPrefix(l, "https://"), strings.HasPrefix(l, "http://"), strings.HasPrefix(l, "mailto:"):
		return v, true
	case strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") && !strings.HasPrefix(v, "/\\"):
		return v, true
	}
	return "", false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isNameByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '-' || c == ':' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// Text reduces operator text meant as plain text (titles, summaries, link
// names) to its text: every tag is removed (script-like elements with their
// content), entities are decoded, and a '<' left over is written as the
// full-width '＜', so the result is never markup wherever it is shown, not
// only where the client escapes it.
func Text(s string) string {
	t := html.UnescapeString(textOnly(s))
	return strings.TrimSpace(strings.ReplaceAll(t, "<", "＜"))
}

// textOnly is HTML without any allowed tag: the text, escaped.
func textOnly(s string) string {
	out := HTML(s)
	var b strings.Builder
	for {
		lt := strings.IndexByte(out, '<')
		if lt < 0 {
			b.WriteString(out)
			return b.String()
		}
		b.WriteString(out[:lt])
		gt := strings.IndexByte(out[lt:], '>')
		if gt < 0 {
			return b.String()
		}
		out = out[lt+gt+1:]
	}
}

// URL is a link an operator may give: an http(s) or mailto URL, or a path
// of this site ("/discount"; "main/1" is read as "/main/1"). ok is false for
// anything else (javascript:, data:, "//host", control characters ...).
func URL(raw string) (string, bool) {
	v := strings.TrimSpace(raw)
	if v != "" && !strings.Contains(v, ":") && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "\\") {
		v = "/" + v
	}
	// Quotes and angle brackets have no place in a link an operator types;
	// refusing them keeps the stored value inert in any context.
	if strings.IndexFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 || strings.ContainsAny(v, "<>\"'`") ||
		strings.Contains(v, "&#") {
		return "", false
	}
	u, ok := safeHref(v)
	if !ok || strings.ContainsAny(u, "<>\"'`") {
		return "", false
	}
	return u, true
}

// ImageURL is URL limited to this site's paths and https.
func ImageURL(raw string) (string, bool) {
	v, ok := URL(raw)
	if !ok || strings.HasPrefix(strings.ToLower(v), "http://") || strings.HasPrefix(strings.ToLower(v), "mailto:") {
		return "", false
	}
	return v, true
}
