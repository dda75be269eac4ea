package admin_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

func TestOperatorPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		var created struct {
			ID     int64             `json:"id"`
			Title  map[string]string `json:"title"`
			Body   map[string]string `json:"body"`
			Active bool              `json:"active"`
		}
		s.run(t, []scenario{
			{name: "create a promotion", method: "POST", path: "/admin/sites/1/pages/discount", wantCode: 100,
				body: `{"title":{"en_US":"Refer a friend <b>now</b>","vi_VN":"Giới thiệu bạn bè"},"summary":{"en_US":"Earn 10%"},
					"body":{"en_US":"<p onclick=\"x()\">Invite <script>alert(1)</script>friends</p>"},"image":"/media/promo/2.svg",
					"starts_at":"2026-01-01T00:00:00Z","ends_at":"2099-01-01T00:00:00Z","sort":5}`,
				check: func(t *testing.T, raw json.RawMessage) {
					created = decode[struct {
						ID     int64             `json:"id"`
						Title  map[string]string `json:"title"`
						Body   map[string]string `json:"body"`
						Active bool              `json:"active"`
					}](t, raw)
					if created.ID == 0 || created.Title["en_US"] != "Refer a friend now" || created.Body["en_US"] != "<p>Invite friends</p>" || !created.Active {
						t.Fatalf("created = %+v", created)
					}
				}},
			{name: "unknown kind", method: "POST", path: "/admin/sites/1/pages/news", body: `{"title":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "kind"},
			{name: "title missing", method: "POST", path: "/admin/sites/1/pages/faq", body: `{"body":{"en_US":"<p>x</p>"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "title only markup", method: "POST", path: "/admin/sites/1/pages/faq", body: `{"title":{"en_US":"<script>x</script>"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "language the site does not offer", method: "POST", path: "/admin/sites/1/pages/faq", body: `{"title":{"xx_XX":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "title too long", method: "POST", path: "/admin/sites/1/pages/faq", body: `{"title":{"en_US":"` + strings.Repeat("a", 201) + `"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "script image", method: "POST", path: "/admin/sites/1/pages/discount", body: `{"title":{"en_US":"x"},"image":"javascript:alert(1)"}`, wantCode: 400, wantInMsg: "image"},
			{name: "plain http image", method: "POST", path: "/admin/sites/1/pages/discount", body: `{"title":{"en_US":"x"},"image":"http://cdn.example.com/a.png"}`, wantCode: 400, wantInMsg: "image"},
			{name: "end before start", method: "POST", path: "/admin/sites/1/pages/discount", body: `{"title":{"en_US":"x"},"starts_at":"2026-02-01T00:00:00Z","ends_at":"2026-01-01T00:00:00Z"}`, wantCode: 400, wantInMsg: "ends_at"},
			{name: "bad time", method: "POST", path: "/admin/sites/1/pages/discount", body: `{"title":{"en_US":"x"},"starts_at":"tomorrow"}`, wantCode: 400, wantInMsg: "starts_at"},
			{name: "negative sort", method: "POST", path: "/admin/sites/1/pages/main", body: `{"title":{"en_US":"x"},"sort":-1}`, wantCode: 400, wantInMsg: "sort"},
			{name: "unknown field", method: "POST", path: "/admin/sites/1/pages/main", body: `{"title":{"en_US":"x"},"colour":"red"}`, wantCode: 400},
			{name: "body over 64 KiB", method: "POST", path: "/admin/sites/1/pages/main", body: `{"title":{"en_US":"x"},"body":{"en_US":"` + strings.Repeat("a", 65537) + `"}}`, wantCode: 400, wantInMsg: "body"},
			{name: "update unknown page", method: "PUT", path: "/admin/sites/1/pages/main/999999", body: `{"title":{"en_US":"x"}}`, wantCode: 404},
			{name: "update with a bad id", method: "PUT", path: "/admin/sites/1/pages/main/abc", body: `{"title":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "id"},
			{name: "delete unknown page", method: "DELETE", path: "/admin/sites/1/pages/faq/999999", wantCode: 404},
			{name: "unknown site", method: "GET", path: "/admin/sites/999/pages/faq", wantCode: 404},
		})
		if e := s.lastAudit(t); e.Action != "page.create" {
			t.Fatalf("audit = %+v", e)
		}
		res := s.post(t, addrs.Next(), "/api/arks/web/discount/detail", fmt.Sprintf(`{"site_id":1,"id":%d}`, created.ID), "lang", "vi_VN")
		if res.Code != 100 || !strings.Contains(string(res.Data), "Giới thiệu bạn bè") || !strings.Contains(string(res.Data), "Invite friends") {
			t.Fatalf("served: %d %s", res.Code, res.Data)
		}
		s.run(t, []scenario{
			{name: "a promotion id is not a faq", method: "PUT", path: fmt.Sprintf("/admin/sites/1/pages/faq/%d", created.ID), body: `{"title":{"en_US":"x"}}`, wantCode: 404},
			{name: "delete it", method: "DELETE", path: fmt.Sprintf("/admin/sites/1/pages/discount/%d", created.ID), wantCode: 100},
		})
		if e := s.lastAudit(t); e.Action != "page.delete" {
			t.Fatalf("audit = %+v", e)
		}
		if res := s.post(t, addrs.Next(), "/api/arks/web/discount/detail", fmt.Sprintf(`{"site_id":1,"id":%d}`, created.ID)); res.Code != 404 {
			t.Fatalf("deleted page answers %d", res.Code)
		}
		res = s.admin(t, "GET", "/admin/sites/1/pages/faq", "")
		if res.Code != 100 || !strings.Contains(string(res.Data), "How do I deposit?") {
			t.Fatalf("operator list: %d %s", res.Code, res.Data)
		}
	})
}

func TestOperatorFooterFloatAndBanners(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		footer := func() string {
			return string(s.post(t, addrs.Next(), "/api/arks/web/footer", `{"site_id":1}`).Data)
		}
		before := footer()
		s.run(t, []scenario{
			{name: "footer link to a script", method: "PUT", path: "/admin/sites/1/footer", wantCode: 400, wantInMsg: "groups.links.url",
				body: `{"groups":[{"title":{"en_US":"Help"},"links":[{"title":{"en_US":"x"},"url":"javascript:alert(1)"}]}]}`},
			{name: "footer link to another host without scheme", method: "PUT", path: "/admin/sites/1/footer", wantCode: 400, wantInMsg: "groups.links.url",
				body: `{"groups":[{"title":{"en_US":"Help"},"links":[{"title":{"en_US":"x"},"url":"//evil.test"}]}]}`},
			{name: "footer link to an address book", method: "PUT", path: "/admin/sites/1/footer", wantCode: 400, wantInMsg: "groups.links.url",
				body: `{"groups":[{"title":{"en_US":"Help"},"links":[{"title":{"en_US":"x"},"url":"mailto:help@example.com"}]}]}`},
			{name: "footer group without title", method: "PUT", path: "/admin/sites/1/footer", wantCode: 400, wantInMsg: "groups.title",
				body: `{"groups":[{"title":{},"links":[]}]}`},
			{name: "footer groups missing", method: "PUT", path: "/admin/sites/1/footer", body: `{}`, wantCode: 400, wantInMsg: "groups"},
			{name: "custom link without target", method: "PUT", path: "/admin/sites/1/float", wantCode: 400, wantInMsg: "items.url",
				body: `{"items":[{"type":"custom_link","title":{"en_US":"Blog"},"icon":"/media/float/custom_link.svg","url":""}]}`},
			{name: "float entry of a mobile footer type", method: "PUT", path: "/admin/sites/1/float", wantCode: 400, wantInMsg: "items.type",
				body: `{"items":[{"type":"deposit","title":{"en_US":"x"},"icon":"/media/float/go_top.svg"}]}`},
			{name: "mobile footer icon from a data url", method: "PUT", path: "/admin/sites/1/mobile-footer", wantCode: 400, wantInMsg: "items.icon",
				body: `{"items":[{"type":"home","title":{"en_US":"Home"},"icon":"data:image/svg+xml,<svg onload=alert(1)>"}]}`},
			{name: "banner of an unknown use type", method: "PUT", path: "/admin/sites/1/banners/7", body: `{"items":[]}`, wantCode: 400, wantInMsg: "use_type"},
			{name: "game banner without a game", method: "PUT", path: "/admin/sites/1/banners/0", wantCode: 400, wantInMsg: "game_link_parameter",
				body: `{"items":[{"url":"/media/banner/desktop-1.svg","link_type":2}]}`},
		})
		if footer() != before {
			t.Fatal("a refused footer write changed the footer")
		}
		s.run(t, []scenario{
			{name: "replace the footer", method: "PUT", path: "/admin/sites/1/footer", wantCode: 100,
				body: `{"groups":[{"title":{"en_US":"Service","zh_CN":"服务"},"sort":1,"links":[{"title":{"en_US":"Contact"},"url":"main/3"},
					{"title":{"en_US":"Partner"},"url":"https://partner.example.com/"}]}]}`},
			{name: "custom service and a custom link in the float", method: "PUT", path: "/admin/sites/1/float", wantCode: 100,
				body: `{"items":[{"type":"custom_service","title":{"en_US":"Chat"},"icon":"/media/float/custom_service.svg"},
					{"type":"custom_link","title":{"en_US":"Telegram"},"icon":"/media/float/telegram.svg","url":"https://t.me/gamehall_demo"}]}`},
			{name: "mobile footer of H5_2", method: "PUT", path: "/admin/sites/1/mobile-footer", wantCode: 100,
				body: `{"template":"H5_2","items":[{"type":"home","title":{"en_US":"Home"},"icon":"/media/footer/home.svg","icon_active":"/media/footer/home-active.svg"},
					{"type":"custom_service","title":{"en_US":"Help"},"icon":"/media/footer/custom_service.svg","url":"/main/3"}]}`},
			{name: "banners", method: "PUT", path: "/admin/sites/1/banners/2", wantCode: 100,
				body: `{"items":[{"url":"/media/banner/mobile-1.svg","link_type":1,"link_url":"/discount"},{"url":"/media/banner/mobile-2.svg","link_type":0,"link_url":"https://example.com","published":false}]}`},
		})
		if e := s.lastAudit(t); e.Action != "banners.replace" {
			t.Fatalf("audit = %+v", e)
		}
		if got := footer(); !strings.Contains(got, `"url":"/main/3"`) || !strings.Contains(got, "Service") {
			t.Fatalf("footer = %s", got)
		}
		if got := string(s.post(t, addrs.Next(), "/api/arks/web/float", `{"site_id":1}`).Data); !strings.Contains(got, "https://t.me/gamehall_demo") {
			t.Fatalf("float = %s", got)
		}
		if got := string(s.post(t, addrs.Next(), "/api/arks/web/web-mobile-footer", `{"site_id":1,"template":"H5_2"}`).Data); !strings.Contains(got, `"title":"Help"`) {
			t.Fatalf("mobile footer = %s", got)
		}
		if got := string(s.post(t, addrs.Next(), "/api/arks/web/web-mobile-footer", `{"site_id":1,"template":"H5_3"}`).Data); !strings.Contains(got, `"type":"deposit"`) {
			t.Fatalf("H5_3 keeps the default footer: %s", got)
		}
		if got := string(s.post(t, addrs.Next(), "/api/arks/web/carousel_picture", `{"site_id":1,"use_type":2}`).Data); strings.Count(got, `"id"`) != 1 {
			t.Fatalf("banners (one published) = %s", got)
		}

		// Each list reads back in the shape its write takes, every language
		// and the unpublished banner included, and writes back unchanged.
		for _, c := range []struct{ get, put, want string }{
			{"/admin/sites/1/footer", "/admin/sites/1/footer", `"zh_CN":"服务"`},
			{"/admin/sites/1/float", "/admin/sites/1/float", `"url":"https://t.me/gamehall_demo"`},
			{"/admin/sites/1/mobile-footer?template=H5_2", "/admin/sites/1/mobile-footer", `"template":"H5_2"`},
			{"/admin/sites/1/banners/2", "/admin/sites/1/banners/2", `"published":false`},
			{"/admin/sites/1/banners/0", "/admin/sites/1/banners/0", `"game_link_parameter":{`},
		} {
			res := s.admin(t, "GET", c.get, "")
			if res.Code != 100 || !strings.Contains(string(res.Data), c.want) {
				t.Fatalf("GET %s: %d %s", c.get, res.Code, res.Data)
			}
			if again := s.admin(t, "PUT", c.put, string(res.Data)); again.Code != 100 {
				t.Fatalf("PUT %s of what GET answered: %d %s", c.put, again.Code, again.Message)
			}
			if after := s.admin(t, "GET", c.get, ""); string(after.Data) != string(res.Data) {
				t.Fatalf("%s changed on a round trip:\n%s\n%s", c.get, res.Data, after.Data)
			}
		}
		if res := s.admin(t, "GET", "/admin/sites/999/footer", ""); res.Code != 404 {
			t.Fatalf("unknown site: %d", res.Code)
		}
	})
}
