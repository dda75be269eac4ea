package content_test

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// languages are the spec's eleven.
var languages = []string{"zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD"}

// properNames may read the same as in English: the sponsored teams' names,
// which the Vietnamese demo content keeps in Latin letters.
var properNames = map[string]bool{"Silverlake Strikers": true, "Eastport Mariners": true}

// texts collects, in answer order, the strings a player reads (title,
// content, display_content) anywhere in an answer.
func texts(v any, out *[]string) {
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			texts(x, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if s, ok := v[k].(string); ok && (k == "title" || k == "content" || k == "display_content") {
				*out = append(*out, s)
			} else {
				texts(v[k], out)
			}
		}
	}
}

// The seeded lobby content (footer, mobile footer, floats, marquee,
// bulletins, the ads, sponsors and login blocks on both templates) answers in
// each of the eleven languages without falling back to English.
func TestLobbyContentInEveryLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		endpoints := []struct{ path, body string }{
			{"/api/arks/web/footer", `{"site_id":1}`},
			{"/api/arks/web/web-mobile-footer", `{"site_id":1,"template":"H5_1"}`},
			{"/api/arks/web/float", `{"site_id":1}`},
			{"/api/arks/web/announcement/marquee", `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`},
			{"/api/arks/web/bulletin/history", `{"site_id":1,"display_device":1}`},
			{"/api/web/model_setting", `{"site_id":1,"language":"LANG","model_version":1}`},
			{"/api/web/model_sponsor", `{"site_id":1,"language":"LANG","model_version":2}`},
			{"/api/web/model_login", `{"site_id":1,"language":"LANG","model_version":1}`},
		}
		read := func(path, body, lang string) []string {
			t.Helper()
			r := s.Post(path, strings.ReplaceAll(body, "LANG", lang), "lang", lang)
			if r.Code != 100 {
				t.Fatalf("%s %s: code %d %s", path, lang, r.Code, r.Message)
			}
			var v any
			if err := json.Unmarshal(r.Data, &v); err != nil {
				t.Fatal(err)
			}
			var out []string
			texts(v, &out)
			return out
		}
		for _, e := range endpoints {
			en := read(e.path, e.body, "en_US")
			if len(en) == 0 {
				t.Fatalf("%s answers no text", e.path)
			}
			for _, lang := range languages {
				if lang == "en_US" {
					continue
				}
				got := read(e.path, e.body, lang)
				if len(got) != len(en) {
					t.Errorf("%s %s: %d texts, en_US has %d", e.path, lang, len(got), len(en))
					continue
				}
				for i := range en {
					if strings.TrimSpace(got[i]) == "" || got[i] == en[i] && !properNames[en[i]] {
						t.Errorf("%s %s shows %q, the English text", e.path, lang, got[i])
					}
				}
			}
		}
	})
}
