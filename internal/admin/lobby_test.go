package admin_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
)

type marqueeAnswer struct {
	List []struct {
		ID      int64  `json:"id"`
		Title   string `json:"title"`
		Content string `json:"content"`
	} `json:"web_announcement_list"`
}

type bulletinAnswer struct {
	List []struct {
		ID             int64  `json:"id"`
		Title          string `json:"title"`
		DisplayContent string `json:"display_content"`
	} `json:"list"`
}

type savedItem struct {
	ID        int64             `json:"id"`
	Title     map[string]string `json:"title"`
	Content   map[string]string `json:"content"`
	CreatedAt string            `json:"created_at"`
}

// TestOperatorAnnouncements: the marquee's announcements through the
// operator API: created, changed and deleted, each audited, sanitised to
// text and served at once (no stale cached answer); bad input and unknown
// ids answer codes and write nothing.
func TestOperatorAnnouncements(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		marquee := func(lang string) marqueeAnswer {
			t.Helper()
			res := s.post(t, operatorIP, "/api/arks/web/announcement/marquee", `{"site_id":1}`, "lang", lang)
			if res.Code != 100 {
				t.Fatalf("marquee: %d %s", res.Code, res.Message)
			}
			return decode[marqueeAnswer](t, res.Data)
		}
		before := len(marquee("en_US").List) // cached now
		var created savedItem
		s.run(t, []scenario{
			{name: "create", method: "POST", path: "/admin/sites/1/announcements", wantCode: 100,
				body: `{"title":{"en_US":"Maintenance <b>tonight</b>","vi_VN":"Bảo trì tối nay"},
					"content":{"en_US":"Slots pause <script>alert(1)</script>at 02:00.","vi_VN":"Slot tạm dừng lúc 02:00."},
					"display_after_login":false,"sort":0,"created_at":"2026-03-01T10:00:00Z"}`,
				check: func(t *testing.T, raw json.RawMessage) {
					created = decode[savedItem](t, raw)
					if created.ID == 0 || created.Title["en_US"] != "Maintenance tonight" || strings.Contains(created.Content["en_US"], "<") ||
						created.CreatedAt != "2026-03-01T10:00:00Z" {
						t.Fatalf("created %+v", created)
					}
				}},
			{name: "title missing", method: "POST", path: "/admin/sites/1/announcements", body: `{"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "title only markup", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"<script>x</script>"},"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "title too long", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"` + strings.Repeat("a", 201) + `"},"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "content missing", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "content"},
			{name: "content too long", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"},"content":{"en_US":"` + strings.Repeat("a", 2001) + `"}}`, wantCode: 400, wantInMsg: "content"},
			{name: "language the site does not offer", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"xx_XX":"x"},"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "shown to nobody", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"display_before_login":false,"display_after_login":false}`, wantCode: 400, wantInMsg: "display_after_login"},
			{name: "negative sort", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"sort":-1}`, wantCode: 400, wantInMsg: "sort"},
			{name: "bad time", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"created_at":"yesterday"}`, wantCode: 400, wantInMsg: "created_at"},
			{name: "unknown field", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"colour":"red"}`, wantCode: 400},
			{name: "malformed", method: "POST", path: "/admin/sites/1/announcements", body: `{"title":`, wantCode: 400},
			{name: "update unknown", method: "PUT", path: "/admin/sites/1/announcements/999999", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"}}`, wantHTTP: 404, wantCode: 404},
			{name: "update with a bad id", method: "PUT", path: "/admin/sites/1/announcements/abc", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "id"},
			{name: "delete unknown", method: "DELETE", path: "/admin/sites/1/announcements/999999", wantHTTP: 404, wantCode: 404},
			{name: "unknown site", method: "GET", path: "/admin/sites/999/announcements", wantCode: 404},
		})
		if e := s.lastAudit(t); e.Action != "content.announcement.save" {
			t.Fatalf("audit = %+v", e)
		}
		m := marquee("vi_VN")
		if len(m.List) != before+1 || !strings.Contains(string(mustJSON(m)), "Bảo trì tối nay") {
			t.Fatalf("the new announcement is not served at once: %+v", m)
		}
		// display_after_login false: a member's marquee leaves it out.
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", addrs.Next())
		res := s.post(t, addrs.Next(), "/api/arks/web/announcement/marquee", `{"site_id":1}`, "Authorization", "Bearer "+token)
		if res.Code != 100 || strings.Contains(string(res.Data), "Slots pause") {
			t.Fatalf("member marquee: %d %s", res.Code, res.Data)
		}

		s.run(t, []scenario{
			{name: "change", method: "PUT", path: fmt.Sprintf("/admin/sites/1/announcements/%d", created.ID), wantCode: 100,
				body: `{"title":{"en_US":"Maintenance moved"},"content":{"en_US":"Now at 03:00."}}`,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[savedItem](t, raw)
					if v.ID != created.ID || v.CreatedAt != created.CreatedAt || v.Title["vi_VN"] != "" {
						t.Fatalf("changed %+v", v)
					}
				}},
		})
		if m := marquee("en_US"); !strings.Contains(string(mustJSON(m)), "Maintenance moved") {
			t.Fatalf("the change is not served at once: %+v", m)
		}
		res = s.admin(t, "GET", "/admin/sites/1/announcements", "")
		if res.Code != 100 || !strings.Contains(string(res.Data), "Maintenance moved") {
			t.Fatalf("operator list: %d %s", res.Code, res.Data)
		}
		s.run(t, []scenario{
			{name: "delete", method: "DELETE", path: fmt.Sprintf("/admin/sites/1/announcements/%d", created.ID), wantCode: 100},
			{name: "delete again", method: "DELETE", path: fmt.Sprintf("/admin/sites/1/announcements/%d", created.ID), wantHTTP: 404, wantCode: 404},
		})
		if e := s.lastAudit(t); e.Action != "content.announcement.delete" {
			t.Fatalf("audit = %+v", e)
		}
		if m := marquee("en_US"); len(m.List) != before {
			t.Fatalf("the deleted announcement is still served: %+v", m)
		}
	})
}

// TestOperatorBulletins: the visitors' pop-up bulletins and their history
// through the operator API, with the same guarantees.
func TestOperatorBulletins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		served := func(path string, device int) bulletinAnswer {
			t.Helper()
			res := s.post(t, operatorIP, path, fmt.Sprintf(`{"site_id":1,"display_device":%d}`, device))
			if res.Code != 100 {
				t.Fatalf("%s: %d %s", path, res.Code, res.Message)
			}
			return decode[bulletinAnswer](t, res.Data)
		}
		popups, history := len(served("/api/arks/web/bulletin", 2).List), len(served("/api/arks/web/bulletin/history", 1).List)
		var created savedItem
		s.run(t, []scenario{
			{name: "create", method: "POST", path: "/admin/sites/1/bulletins", wantCode: 100,
				body: `{"title":{"en_US":"Mobile <i>bonus</i>"},"display_device":2,
					"display_content":{"en_US":"<p onclick=\"x()\">Tap <a href=\"javascript:alert(1)\">here</a></p>"},
					"content":{"en_US":"<p>Full terms</p><script>alert(1)</script>"},"sort":1}`,
				check: func(t *testing.T, raw json.RawMessage) {
					created = decode[savedItem](t, raw)
					if created.ID == 0 || created.Title["en_US"] != "Mobile bonus" || created.Content["en_US"] != "<p>Full terms</p>" {
						t.Fatalf("created %+v (%s)", created, raw)
					}
					if strings.Contains(string(raw), "javascript") || strings.Contains(string(raw), "onclick") {
						t.Fatalf("stored unsafe HTML: %s", raw)
					}
				}},
			{name: "device 3", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"display_device":3,"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "display_device"},
			{name: "title missing", method: "POST", path: "/admin/sites/1/bulletins", body: `{"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "title"},
			{name: "no body", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "display_content"},
			{name: "only markup", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"content":{"en_US":"<script>x</script>"}}`, wantCode: 400, wantInMsg: "display_content"},
			{name: "html too long", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"content":{"en_US":"` + strings.Repeat("a", 20001) + `"}}`, wantCode: 400, wantInMsg: "content"},
			{name: "language the site does not offer", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"content":{"xx_XX":"x"}}`, wantCode: 400, wantInMsg: "content"},
			{name: "sort too big", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"sort":1000001}`, wantCode: 400, wantInMsg: "sort"},
			{name: "unknown field", method: "POST", path: "/admin/sites/1/bulletins", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"},"updated_at":"2026-01-01T00:00:00Z"}`, wantCode: 400},
			{name: "update unknown", method: "PUT", path: "/admin/sites/1/bulletins/999999", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"}}`, wantHTTP: 404, wantCode: 404},
			{name: "update with a bad id", method: "PUT", path: "/admin/sites/1/bulletins/0", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"}}`, wantCode: 400, wantInMsg: "id"},
			{name: "delete unknown", method: "DELETE", path: "/admin/sites/1/bulletins/999999", wantHTTP: 404, wantCode: 404},
			{name: "unknown site", method: "POST", path: "/admin/sites/999/bulletins", body: `{"title":{"en_US":"x"},"content":{"en_US":"x"}}`, wantCode: 404},
		})
		if e := s.lastAudit(t); e.Action != "content.bulletin.save" {
			t.Fatalf("audit = %+v", e)
		}
		if n := len(served("/api/arks/web/bulletin", 2).List); n != popups+1 {
			t.Fatalf("mobile pop-ups %d, want %d", n, popups+1)
		}
		if n := len(served("/api/arks/web/bulletin", 1).List); n != popups {
			t.Fatalf("a mobile bulletin on the desktop pop-up: %d", n)
		}
		s.run(t, []scenario{
			{name: "out of the pop-up", method: "PUT", path: fmt.Sprintf("/admin/sites/1/bulletins/%d", created.ID), wantCode: 100,
				body: `{"title":{"en_US":"History only"},"display_device":0,"content":{"en_US":"<p>Kept</p>"},"popup":false}`},
		})
		if n := len(served("/api/arks/web/bulletin", 2).List); n != popups {
			t.Fatalf("an old pop-up list served after the change: %d", n)
		}
		if h := served("/api/arks/web/bulletin/history", 1); len(h.List) != history+1 || h.List[0].Title != "History only" {
			t.Fatalf("history: %+v", h)
		}
		res := s.admin(t, "GET", "/admin/sites/1/bulletins", "")
		if res.Code != 100 || !strings.Contains(string(res.Data), `"popup":false`) {
			t.Fatalf("operator list: %d %s", res.Code, res.Data)
		}
		s.run(t, []scenario{
			{name: "delete", method: "DELETE", path: fmt.Sprintf("/admin/sites/1/bulletins/%d", created.ID), wantCode: 100},
		})
		if e := s.lastAudit(t); e.Action != "content.bulletin.delete" {
			t.Fatalf("audit = %+v", e)
		}
		if n := len(served("/api/arks/web/bulletin/history", 1).List); n != history {
			t.Fatalf("the deleted bulletin is still in the history: %d", n)
		}
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
