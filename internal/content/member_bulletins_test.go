package content_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/testutil/xss"
)

const adminKey = "9c1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

type bulletinList struct {
	List []struct {
		ID      int64  `json:"id"`
		Title   string `json:"title"`
		Content string `json:"content"`
	} `json:"list"`
	Setting struct {
		DisplayFrequency int `json:"display_frequency"`
	} `json:"setting"`
}

// TestMemberBulletins: the pop-up after login (2) and the member centre's
// list (3), the hide kept on the server only with display_frequency 0 and
// lifted by an update, the operator's writes sanitised, and bad input.
func TestMemberBulletins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(adminKey))
		auth := []string{"Authorization", "Bearer " + s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.40"),
			"X-Forwarded-For", "203.0.113.41"}
		admin := func(method, path, body string) testutil.Response {
			return s.Do(method, path, body, "Authorization", "Bearer "+adminKey, "X-Forwarded-For", "198.51.100.11")
		}
		list := func(location, device int) bulletinList {
			t.Helper()
			res := s.Post("/api/arks/web/bulletin/member", fmt.Sprintf(`{"site_id":1,"display_device":%d,"display_location":%d}`, device, location), auth...)
			if res.Code != 100 {
				t.Fatalf("member bulletins: %d %s", res.Code, res.Message)
			}
			return testutil.Decode[bulletinList](t, res.Data)
		}
		if l := list(2, 1); len(l.List) != 1 || l.List[0].Title != "Red envelope rain" {
			t.Fatalf("after-login pop-up: %+v", l)
		}
		if l := list(3, 2); len(l.List) != 1 || l.List[0].Title != "Sign in every day" {
			t.Fatalf("member centre: %+v", l)
		}

		// Hide with frequency 1: the session decides, nothing stored.
		hide := `{"site_id":1,"display_device":1,"display_location":2}`
		if res := s.Post("/api/arks/web/bulletin/member/hide", hide, auth...); res.Code != 100 || !strings.Contains(string(res.Data), `"hidden":0`) {
			t.Fatalf("hide at frequency 1: %d %s", res.Code, res.Data)
		}
		if l := list(2, 1); len(l.List) != 1 {
			t.Fatalf("still shown: %+v", l)
		}
		if res := admin("PUT", "/admin/sites/1/settings", `{"bulletin_display_frequency":0}`); res.Code != 100 {
			t.Fatalf("frequency 0: %d %s", res.Code, res.Message)
		}
		if res := s.Post("/api/arks/web/bulletin/member/hide", hide, auth...); res.Code != 100 || !strings.Contains(string(res.Data), `"hidden":1`) {
			t.Fatalf("hide at frequency 0: %d %s", res.Code, res.Data)
		}
		if l := list(2, 1); len(l.List) != 0 || l.Setting.DisplayFrequency != 0 {
			t.Fatalf("hidden on the server: %+v", l)
		}
		if l := list(2, 2); len(l.List) != 0 {
			t.Fatalf("hidden on the other device too: %+v", l)
		}

		// The operator changes it (with the XSS corpus): shown again, inert.
		res := admin("GET", "/admin/sites/1/member-bulletins", "")
		var all struct {
			List []struct {
				ID              int64 `json:"id"`
				DisplayLocation int   `json:"display_location"`
			} `json:"list"`
		}
		res.Decode(t, &all)
		if len(all.List) != 2 || all.List[0].DisplayLocation != 2 {
			t.Fatalf("operator list: %s", res.Data)
		}
		evil, _ := json.Marshal(strings.Join(xss.Corpus, "\n"))
		body := fmt.Sprintf(`{"display_location":2,"display_device":0,"title":{"en_US":"Updated"},"display_content":{"en_US":%s},"content":{"en_US":%s}}`, evil, evil)
		res = admin("PUT", fmt.Sprintf("/admin/sites/1/member-bulletins/%d", all.List[0].ID), body)
		if res.Code != 100 {
			t.Fatalf("update: %d %s", res.Code, res.Message)
		}
		if bad := xss.Dangerous(string(res.Data)); bad != "" {
			t.Fatalf("stored %q", bad)
		}
		l := list(2, 1)
		if len(l.List) != 1 || l.List[0].Title != "Updated" || !strings.Contains(l.List[0].Content, "alert(1)") {
			t.Fatalf("updated bulletin shows again: %+v", l)
		}
		if bad := xss.Dangerous(l.List[0].Content); bad != "" {
			t.Fatalf("served %q", bad)
		}
		res = admin("POST", "/admin/sites/1/member-bulletins", `{"display_location":3,"display_device":2,"title":{"en_US":"Mobile only"}}`)
		if res.Code != 100 {
			t.Fatalf("create: %d %s", res.Code, res.Message)
		}
		if l := list(3, 1); len(l.List) != 1 {
			t.Fatalf("a mobile bulletin on desktop: %+v", l)
		}
		if l := list(3, 2); len(l.List) != 2 {
			t.Fatalf("mobile: %+v", l)
		}
		// The operator deletes the updated one (a member had hidden it
		// before): gone for members; a second delete, or one on another
		// site, is not found.
		del := fmt.Sprintf("/admin/sites/1/member-bulletins/%d", all.List[0].ID)
		if res := admin("DELETE", del, ""); res.Code != 100 || !strings.Contains(string(res.Data), `"deleted":true`) {
			t.Fatalf("delete: %d %s", res.Code, res.Data)
		}
		if l := list(2, 1); len(l.List) != 0 {
			t.Fatalf("a deleted bulletin shown: %+v", l)
		}
		if res := admin("DELETE", del, ""); res.HTTP != 404 {
			t.Fatalf("second delete: %d %d %s", res.HTTP, res.Code, res.Message)
		}

		testutil.Run(t, s, []testutil.Scenario{
			{Name: "location 1", Path: "/api/arks/web/bulletin/member", Body: `{"site_id":1,"display_device":1,"display_location":1}`, Headers: auth, WantCode: 400},
			{Name: "no location", Path: "/api/arks/web/bulletin/member", Body: `{"site_id":1,"display_device":1}`, Headers: auth, WantCode: 400},
			{Name: "device 3", Path: "/api/arks/web/bulletin/member", Body: `{"site_id":1,"display_device":3,"display_location":2}`, Headers: auth, WantCode: 400},
			{Name: "malformed", Path: "/api/arks/web/bulletin/member", Body: `{"site_id":`, Headers: auth, WantCode: 400},
			{Name: "visitor", Path: "/api/arks/web/bulletin/member", Body: `{"site_id":1,"display_device":1,"display_location":2}`, WantHTTP: 401, WantCode: 401},
			{Name: "hide as a visitor", Path: "/api/arks/web/bulletin/member/hide", Body: hide, WantHTTP: 401, WantCode: 401},
			{Name: "hide location 4", Path: "/api/arks/web/bulletin/member/hide", Body: `{"site_id":1,"display_device":1,"display_location":4}`, Headers: auth, WantCode: 400},
		})
		for _, c := range []struct{ name, method, path, body string }{
			{"location 1", "POST", "/admin/sites/1/member-bulletins", `{"display_location":1,"display_device":0,"title":{"en_US":"x"}}`},
			{"device 5", "POST", "/admin/sites/1/member-bulletins", `{"display_location":2,"display_device":5,"title":{"en_US":"x"}}`},
			{"no title", "POST", "/admin/sites/1/member-bulletins", `{"display_location":2,"display_device":0,"title":{}}`},
			{"bad id", "PUT", "/admin/sites/1/member-bulletins/abc", `{"display_location":2,"display_device":0,"title":{"en_US":"x"}}`},
		} {
			if res := admin(c.method, c.path, c.body); res.Code != 400 {
				t.Errorf("%s: %d %s", c.name, res.Code, res.Message)
			}
		}
		if res := admin("PUT", "/admin/sites/1/member-bulletins/987654", `{"display_location":2,"display_device":0,"title":{"en_US":"x"}}`); res.Code != 404 {
			t.Fatalf("unknown bulletin: %d", res.Code)
		}
	})
}
