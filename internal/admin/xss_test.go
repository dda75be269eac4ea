package admin_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil/xss"
)

// linkFields hold a URL the client puts in an href or src.
var linkFields = map[string]bool{"url": true, "link_url": true, "icon": true, "icon_active": true, "image": true}

// strs collects every string of a decoded JSON value, and apart the ones
// under a link field.
func strs(v any, key string, out, links *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
		if linkFields[key] {
			*links = append(*links, v)
		}
	case map[string]any:
		for k, x := range v {
			strs(x, k, out, links)
		}
	case []any:
		for _, x := range v {
			strs(x, key, out, links)
		}
	}
}

// inert fails when any string of raw (JSON) could run in a browser, shown
// as HTML or placed in a link.
func inert(t *testing.T, where string, raw []byte, asLink bool) {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	var all, links []string
	strs(v, "", &all, &links)
	if asLink {
		links = all
	}
	for _, s := range all {
		if bad := xss.Dangerous(s); bad != "" {
			t.Fatalf("%s holds %q in %q", where, bad, s)
		}
	}
	for _, s := range links {
		if bad := xss.Dangerous(`<a href="` + s + `">`); bad != "" {
			t.Fatalf("%s holds a link %q", where, s)
		}
	}
}

// storedInert checks the stored rows of a content table: every text column,
// and each language of the JSON text columns.
func storedInert(t *testing.T, d *db.DB, table string) {
	t.Helper()
	rows, err := d.Query(`SELECT * FROM ` + table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			var s string
			switch v := v.(type) {
			case string:
				s = v
			case []byte:
				s = string(v)
			default:
				continue
			}
			raw, _ := json.Marshal(s)
			if strings.HasSuffix(cols[i], "_i18n") {
				raw = []byte(s)
			}
			inert(t, table+"."+cols[i]+" as stored", raw, linkFields[cols[i]])
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// Every operator content field the operator API writes (pages of each
// kind: title, summary, body, image; the footer's group and link titles and
// urls; mobile footer and side float titles, urls and icons; banners'
// pictures and links; the marquee's announcements' title and text; the
// promotion bulletins' title, display_content and content) takes the whole
// XSS corpus, and what is stored and
// what the public calls serve is inert. A refused write (400) writes
// nothing.
func TestOperatorContentXSS(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		if len(xss.Corpus) < 50 {
			t.Fatalf("the corpus holds %d payloads", len(xss.Corpus))
		}
		js := func(v any) string {
			b, _ := json.Marshal(v)
			return string(b)
		}
		put := func(method, path string, body any, mayRefuse bool) {
			t.Helper()
			before := s.auditCount(t)
			res := s.admin(t, method, path, js(body))
			switch {
			case res.Code == 100:
			case res.Code == 400 && mayRefuse:
				if s.auditCount(t) != before {
					t.Fatalf("%s: a refused write left an audit row", path)
				}
			default:
				t.Fatalf("%s %s: %d %s", path, js(body), res.Code, res.Message)
			}
		}
		lang := func(v string) map[string]string { return map[string]string{"en_US": v, "zh_CN": v} }
		var groups []map[string]any
		for i, p := range xss.Corpus {
			kind := []string{"discount", "faq", "main", "app"}[i%4]
			put("POST", "/admin/sites/1/pages/"+kind, map[string]any{"title": lang("T " + p), "summary": lang(p), "body": lang(p)}, false)
			put("POST", "/admin/sites/1/pages/discount", map[string]any{"title": lang("I"), "image": p}, true)
			groups = append(groups, map[string]any{"title": lang("G " + p),
				"links": []any{map[string]any{"title": lang("L " + p), "url": "/main/1"}}})
			put("PUT", "/admin/sites/1/footer", map[string]any{"groups": []any{map[string]any{"title": lang("G"),
				"links": []any{map[string]any{"title": lang("L"), "url": p}}}}}, true)
			nav := map[string]any{"type": "custom_link", "title": lang("N " + p), "icon": "/media/float/custom_link.svg", "url": "/faq"}
			put("PUT", "/admin/sites/1/float", map[string]any{"items": []any{nav}}, false)
			put("PUT", "/admin/sites/1/mobile-footer", map[string]any{"template": "H5_" + fmt.Sprint(i%8+1), "items": []any{nav}}, false)
			for _, field := range []string{"url", "icon"} {
				bad := map[string]any{"type": "custom_link", "title": lang("N"), "icon": "/media/float/custom_link.svg", "url": "/faq"}
				bad[field] = p
				put("PUT", "/admin/sites/1/float", map[string]any{"items": []any{bad}}, true)
				bad["icon_active"] = p
				put("PUT", "/admin/sites/1/mobile-footer", map[string]any{"items": []any{bad}}, true)
			}
			put("PUT", "/admin/sites/1/banners/"+fmt.Sprint(i%3), map[string]any{"items": []any{
				map[string]any{"url": p, "link_type": 1, "link_url": "/discount"}}}, true)
			put("PUT", "/admin/sites/1/banners/"+fmt.Sprint(i%3), map[string]any{"items": []any{
				map[string]any{"url": "/media/banner/desktop-1.svg", "link_type": i % 2, "link_url": p}}}, true)
		}
		put("PUT", "/admin/sites/1/footer", map[string]any{"groups": groups}, false)
		for i, p := range xss.Corpus {
			// Text that is only markup reduces to nothing: refused, nothing written.
			put("POST", "/admin/sites/1/announcements", map[string]any{"title": lang("A " + p), "content": lang(p),
				"display_before_login": true, "display_after_login": i%2 == 0}, true)
			put("POST", "/admin/sites/1/announcements", map[string]any{"title": lang("A"), "content": lang("C " + p)}, false)
			put("POST", "/admin/sites/1/bulletins", map[string]any{"title": lang("B " + p), "display_device": i % 3,
				"display_content": lang(p), "content": lang(p), "popup": i%2 == 0}, true)
			put("POST", "/admin/sites/1/bulletins", map[string]any{"title": lang("B"), "display_content": lang("D " + p),
				"content": lang("C " + p)}, false)
		}

		for _, table := range []string{"content_pages", "footer_groups", "footer_links", "floats", "mobile_footers", "carousels",
			"announcements", "bulletins"} {
			storedInert(t, d, table)
		}
		var ids []int64
		rows, err := d.Query(`SELECT id FROM content_pages`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		served := func(path, body string) {
			t.Helper()
			for _, l := range []string{"en_US", "zh_CN", "vi_VN"} {
				res := s.post(t, operatorIP, path, body, "lang", l)
				if res.Code != 100 && res.Code != 404 {
					t.Fatalf("%s %s: %d %s", path, body, res.Code, res.Message)
				}
				inert(t, path+" as served", res.Data, false)
			}
		}
		for _, p := range []string{"/api/arks/web/discount", "/api/arks/web/faq", "/api/arks/web/page/app", "/api/arks/web/footer",
			"/api/arks/web/float"} {
			served(p, `{"site_id":1}`)
		}
		for i := 1; i <= 8; i++ {
			served("/api/arks/web/web-mobile-footer", fmt.Sprintf(`{"site_id":1,"template":"H5_%d"}`, i))
		}
		served("/api/arks/web/announcement/marquee", `{"site_id":1}`)
		for dev := 1; dev <= 2; dev++ {
			served("/api/arks/web/bulletin", fmt.Sprintf(`{"site_id":1,"display_device":%d}`, dev))
			served("/api/arks/web/bulletin/history", fmt.Sprintf(`{"site_id":1,"display_device":%d}`, dev))
		}
		for u := 0; u < 3; u++ {
			served("/api/arks/web/carousel_picture", fmt.Sprintf(`{"site_id":1,"use_type":%d}`, u))
		}
		for _, id := range ids {
			for _, p := range []string{"/api/arks/web/discount/detail", "/api/arks/web/faq/detail", "/api/arks/web/page/detail"} {
				served(p, fmt.Sprintf(`{"site_id":1,"id":%d}`, id))
			}
		}
	})
}
