package content_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/i18n"
	"gamehall/internal/testutil"
	"gamehall/internal/testutil/xss"
)

// Operator HTML that reached the database some other way than the
// sanitising writers (by hand, by an old release) is still served rebuilt:
// no part of the XSS corpus reaches a browser from the bulletins, the SEO
// block, the service agreement or the operator's pages.
func TestOperatorHTMLIsServedSanitised(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		ctx := context.Background()
		evil := strings.Join(xss.Corpus, "\n")
		text := i18n.Text(map[string]string{"en_US": evil, "zh_CN": evil})
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`DELETE FROM bulletins`)
		exec(`INSERT INTO bulletins (site_id, title_i18n, display_device, display_content_i18n, content_i18n, sort, popup, updated_at)
			VALUES (1, $1, 0, $2, $2, 0, TRUE, 1)`, i18n.Text(map[string]string{"en_US": "t"}), text)
		exec(`UPDATE sites SET seo_content_i18n = $1 WHERE id = 1`, text)
		exec(`UPDATE service_agreements SET content = $1 WHERE site_id = 1`, evil)
		exec(`UPDATE content_pages SET body_i18n = $1`, text)
		var pageID int64
		if err := d.QueryRow(`SELECT MIN(id) FROM content_pages WHERE kind = 'main'`).Scan(&pageID); err != nil {
			t.Fatal(err)
		}

		for _, c := range []struct{ path, body string }{
			{"/api/arks/web/bulletin", `{"site_id":1,"display_device":1}`},
			{"/api/arks/web/bulletin/history", `{"site_id":1,"display_device":2}`},
			{"/api/arks/web/site/detail", `{"site_id":1}`},
			{"/api/arks/web/register-settings/service-agreement", `{"site_id":1}`},
			{"/api/arks/web/page/detail", fmt.Sprintf(`{"site_id":1,"id":%d}`, pageID)},
			{"/api/arks/web/page/app", `{"site_id":1}`},
		} {
			for _, lang := range []string{"en_US", "zh_CN"} {
				res := s.Post(c.path, c.body, "lang", lang)
				if res.Code != 100 {
					t.Fatalf("%s: code %d %s", c.path, res.Code, res.Message)
				}
				var served string
				var walk func(v any)
				walk = func(v any) {
					switch v := v.(type) {
					case string:
						served += v + "\n"
					case map[string]any:
						for _, x := range v {
							walk(x)
						}
					case []any:
						for _, x := range v {
							walk(x)
						}
					}
				}
				var data any
				res.Decode(t, &data)
				walk(data)
				if !strings.Contains(served, "alert(1)") {
					// The text of dropped elements stays; some must be there,
					// or the corpus never reached this answer.
					t.Fatalf("%s: the corpus was not served at all: %s", c.path, served)
				}
				if bad := xss.Dangerous(served); bad != "" {
					t.Fatalf("%s (%s) serves %q", c.path, lang, bad)
				}
			}
		}
	})
}
