package content_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/content"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

const operatorKey = "9d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e"

type (
	pageItem   = content.PageDetail
	pageList   = content.List[content.PageItem]
	pageDetail = content.Detail[content.PageDetail]
)

func listOf(t *testing.T, s *testutil.Server, path string, headers ...string) []content.PageItem {
	t.Helper()
	res := s.Post(path, `{"site_id":1}`, headers...)
	if res.Code != 100 {
		t.Fatalf("%s: code %d %s", path, res.Code, res.Message)
	}
	return testutil.Decode[pageList](t, res.Data).List
}

func titles(items []content.PageItem) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Title)
	}
	return strings.Join(out, " | ")
}

func wantDetail(check func(t *testing.T, p pageItem)) func(t *testing.T, raw json.RawMessage) {
	return func(t *testing.T, raw json.RawMessage) { check(t, testutil.Decode[pageDetail](t, raw).Detail) }
}

func TestPageEndpoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.AdminKey(operatorKey))
		promos := listOf(t, s, "/api/arks/web/discount")
		faqs := listOf(t, s, "/api/arks/web/faq")
		if len(promos) != 3 || len(faqs) != 4 {
			t.Fatalf("seeded promotions %q, faq %q", titles(promos), titles(faqs))
		}
		if strings.Contains(titles(promos), "ended") {
			t.Fatalf("an ended promotion is listed: %q", titles(promos))
		}
		var mainID, endedID, appID int64
		if err := d.QueryRow(`SELECT MIN(id) FROM content_pages WHERE kind = 'main'`).Scan(&mainID); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(`SELECT id FROM content_pages WHERE kind = 'discount' AND ends_at > 0 AND ends_at < starts_at + 100000000000000 AND title_i18n LIKE '%ended%'`).Scan(&endedID); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(`SELECT id FROM content_pages WHERE kind = 'app'`).Scan(&appID); err != nil {
			t.Fatal(err)
		}
		promo, faq := promos[0], faqs[1]
		body := func(id int64) string { return fmt.Sprintf(`{"site_id":1,"id":%d}`, id) }
		// A page the operator wrote in English only falls back to it.
		res := s.Do("POST", "/admin/sites/1/pages/main", `{"title":{"en_US":"Only English"},"body":{"en_US":"<p>Written once</p>"}}`,
			"Authorization", "Bearer "+operatorKey, "X-Forwarded-For", "198.51.100.12")
		if res.Code != 100 {
			t.Fatalf("create page: %d %s", res.Code, res.Message)
		}
		englishOnly := testutil.Decode[struct {
			ID int64 `json:"id"`
		}](t, res.Data).ID
		cases := []testutil.Scenario{
			{Name: "promotion list in vietnamese", Path: "/api/arks/web/discount", Body: `{"site_id":1}`, Headers: []string{"lang", "vi_VN"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					l := testutil.Decode[pageList](t, raw).List
					if l[0].Title != "Thưởng chào mừng 100%" || l[0].Summary != "Nhân đôi lần nạp đầu, tối đa 200 USD." {
						t.Fatalf("vi list = %+v", l[0])
					}
					if !strings.HasPrefix(l[0].Image, "/media/promo/") || l[0].EndAt == "" {
						t.Fatalf("image or end date missing: %+v", l[0])
					}
				}},
			{Name: "promotion list in korean: title and summary translated", Path: "/api/arks/web/discount",
				Body: `{"site_id":1}`, Headers: []string{"lang", "ko_KR"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					l := testutil.Decode[pageList](t, raw).List
					if l[0].Title != "첫 입금 100% 보너스" || l[0].Summary != "첫 입금 두 배, 최대 200달러." {
						t.Fatalf("ko list = %+v", l[0])
					}
				}},
			{Name: "promotion detail", Path: "/api/arks/web/discount/detail", Body: body(promo.ID), WantCode: 100,
				Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.ID != promo.ID || p.Title != promo.Title || !strings.Contains(p.Content, "<ol><li>") {
						t.Fatalf("detail = %+v", p)
					}
				})},
			{Name: "promotion detail in chinese", Path: "/api/arks/web/discount/detail", Body: body(promo.ID), Headers: []string{"lang", "zh_CN"},
				WantCode: 100, Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "首存 100% 迎新奖金" || !strings.Contains(p.Content, "活动说明") {
						t.Fatalf("zh detail = %+v", p)
					}
				})},
			{Name: "promotion detail in thai", Path: "/api/arks/web/discount/detail", Body: body(promo.ID),
				Headers: []string{"lang", "th_TH"}, WantCode: 100, Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "โบนัสต้อนรับ 100%" || !strings.Contains(p.Content, "วิธีรับโบนัส") {
						t.Fatalf("th detail = %+v", p)
					}
				})},
			{Name: "ended promotion is not found", Path: "/api/arks/web/discount/detail", Body: body(endedID), WantCode: 404},
			{Name: "unknown promotion", Path: "/api/arks/web/discount/detail", Body: body(999999), WantCode: 404},
			{Name: "a faq id is not a promotion", Path: "/api/arks/web/discount/detail", Body: body(faq.ID), WantCode: 404},
			{Name: "promotion id missing", Path: "/api/arks/web/discount/detail", Body: `{"site_id":1}`, WantCode: 400},
			{Name: "promotion id negative", Path: "/api/arks/web/discount/detail", Body: `{"site_id":1,"id":-3}`, WantCode: 400},
			{Name: "promotion id a string", Path: "/api/arks/web/discount/detail", Body: `{"site_id":1,"id":"x"}`, WantCode: 400},
			{Name: "faq detail", Path: "/api/arks/web/faq/detail", Body: body(faq.ID), Headers: []string{"lang", "vi_VN"}, WantCode: 100,
				Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "Làm sao để nạp tiền?" || !strings.Contains(p.Content, "<b>Nạp tiền</b>") {
						t.Fatalf("faq = %+v", p)
					}
				})},
			{Name: "unknown faq", Path: "/api/arks/web/faq/detail", Body: body(999999), WantCode: 404},
			{Name: "a promotion id is not a faq", Path: "/api/arks/web/faq/detail", Body: body(promo.ID), WantCode: 404},
			{Name: "content page", Path: "/api/arks/web/page/detail", Body: body(mainID), Headers: []string{"lang", "zh_CN"}, WantCode: 100,
				Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "关于我们" || !strings.Contains(p.Content, "<h2>Gamehall</h2>") {
						t.Fatalf("page = %+v", p)
					}
				})},
			{Name: "content page in japanese", Path: "/api/arks/web/page/detail", Body: body(mainID),
				Headers: []string{"lang", "ja_JP"}, WantCode: 100, Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "会社概要" || !strings.Contains(p.Content, "オンラインゲームホール") {
						t.Fatalf("page = %+v", p)
					}
				})},
			{Name: "an english-only page in thai falls back to english", Path: "/api/arks/web/page/detail", Body: body(englishOnly),
				Headers: []string{"lang", "th_TH"}, WantCode: 100, Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.Title != "Only English" || !strings.Contains(p.Content, "Written once") {
						t.Fatalf("page = %+v", p)
					}
				})},
			{Name: "unknown content page", Path: "/api/arks/web/page/detail", Body: body(999999), WantCode: 404},
			{Name: "a faq is not a content page", Path: "/api/arks/web/page/detail", Body: body(faq.ID), WantCode: 404},
			{Name: "app page", Path: "/api/arks/web/page/app", Body: `{"site_id":1}`, WantCode: 100,
				Check: wantDetail(func(t *testing.T, p pageItem) {
					if p.ID != appID || p.Image != "/media/app/phone.svg" || !strings.Contains(p.Content, "Add to Home Screen") {
						t.Fatalf("app = %+v", p)
					}
				})},
		}
		for _, p := range []struct{ path, body string }{
			{"/api/arks/web/discount", `{"site_id":1}`}, {"/api/arks/web/discount/detail", body(promo.ID)},
			{"/api/arks/web/faq", `{"site_id":1}`}, {"/api/arks/web/faq/detail", body(faq.ID)},
			{"/api/arks/web/page/detail", body(mainID)}, {"/api/arks/web/page/app", `{"site_id":1}`},
		} {
			for _, c := range testutil.BadSiteBodies(p.path, p.body) {
				if c.Name == p.path+" missing site" && strings.Contains(p.body, `"id"`) {
					c.Body = `{"id":1}`
				}
				cases = append(cases, c)
			}
		}
		testutil.Run(t, s, cases)

		// The page-not-found answer is the client's cue for its 404 screen.
		res = s.Post("/api/arks/web/faq/detail", body(999999), "lang", "en_US")
		if res.Message != "the page was not found" {
			t.Fatalf("message = %q", res.Message)
		}
	})
}

// An operator switching an item off hides it from the list and its page at
// once (the write drops the answer caches); a promotion not yet started is
// hidden until its start.
func TestInactiveAndFuturePagesHidden(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.AdminKey(operatorKey))
		admin := func(method, path, body string) testutil.Response {
			t.Helper()
			return s.Do(method, path, body, "Authorization", "Bearer "+operatorKey)
		}
		faqs := listOf(t, s, "/api/arks/web/faq")
		hidden := faqs[0]
		res := admin("PUT", fmt.Sprintf("/admin/sites/1/pages/faq/%d", hidden.ID),
			`{"title":{"en_US":"How do I open an account?"},"body":{"en_US":"<p>x</p>"},"active":false}`)
		if res.Code != 100 {
			t.Fatalf("switch off: %d %s", res.Code, res.Message)
		}
		if got := listOf(t, s, "/api/arks/web/faq"); len(got) != len(faqs)-1 || got[0].ID == hidden.ID {
			t.Fatalf("after switching off: %q", titles(got))
		}
		if res := s.Post("/api/arks/web/faq/detail", fmt.Sprintf(`{"site_id":1,"id":%d}`, hidden.ID)); res.Code != 404 {
			t.Fatalf("inactive faq detail: code %d", res.Code)
		}

		res = admin("POST", "/admin/sites/1/pages/discount",
			`{"title":{"en_US":"Next month"},"starts_at":"2099-01-01T00:00:00Z","ends_at":"2099-02-01T00:00:00Z"}`)
		if res.Code != 100 {
			t.Fatalf("create future promotion: %d %s", res.Code, res.Message)
		}
		future := testutil.Decode[struct {
			ID int64 `json:"id"`
		}](t, res.Data)
		if strings.Contains(titles(listOf(t, s, "/api/arks/web/discount")), "Next month") {
			t.Fatal("a promotion that has not started is listed")
		}
		if res := s.Post("/api/arks/web/discount/detail", fmt.Sprintf(`{"site_id":1,"id":%d}`, future.ID)); res.Code != 404 {
			t.Fatalf("future promotion detail: code %d", res.Code)
		}
	})
}

// The HTML of a page route answers HTTP 404 for an id the site does not
// show (the app then draws its not-found screen), 200 for a live one.
func TestPageRoutesAnswer404ForUnknownIDs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		promo := listOf(t, s, "/api/arks/web/discount")[0]
		faq := listOf(t, s, "/api/arks/web/faq")[0]
		for path, want := range map[string]int{
			"/discount":                           200,
			fmt.Sprintf("/discount/%d", promo.ID): 200,
			fmt.Sprintf("/faq/%d", faq.ID):        200,
			fmt.Sprintf("/faq/%d", promo.ID):      404,
			"/discount/999999":                    404,
			"/main/abc":                           404,
			"/main/0":                             404,
		} {
			res, err := s.Client().Get(s.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != want || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("GET %s: HTTP %d %s, want %d and the app", path, res.StatusCode, res.Header.Get("Content-Type"), want)
			}
		}
	})
}
