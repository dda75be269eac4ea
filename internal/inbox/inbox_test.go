package inbox_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/testutil/xss"
	"gamehall/internal/wstest"
)

const key = "7a1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

type env struct {
	*testutil.Server
	t   *testing.T
	d   *db.DB
	ip  int
	tok map[string]string
}

func newEnv(t *testing.T, d *db.DB) *env {
	s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(key))
	e := &env{Server: s, t: t, d: d, tok: map[string]string{}}
	e.tok["demo"] = s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.10")
	e.tok["agent"] = s.Login(seed.DemoAgent, seed.DemoPassword, "X-Forwarded-For", "203.0.113.11")
	return e
}

func (e *env) call(who, path string, body any) testutil.Response {
	e.t.Helper()
	return e.Post(path, testutil.JSON(body), "Authorization", "Bearer "+e.tok[who], "X-Forwarded-For", "203.0.113.20")
}

func (e *env) admin(method, path, body string) testutil.Response {
	e.t.Helper()
	return e.Do(method, path, body, "Authorization", "Bearer "+key, "X-Forwarded-For", "198.51.100.9")
}

func (e *env) memberID(account string) int64 {
	e.t.Helper()
	var id int64
	if err := e.d.QueryRow(`SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

type letter struct {
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Content string `json:"content"`
	IsRead  int    `json:"is_read"`
}

type list struct {
	List        []letter `json:"list"`
	TotalCount  int64    `json:"total_count"`
	UnreadCount int64    `json:"unread_count"`
}

var listBody = map[string]any{"active": 0, "count": 50, "language": "en_US", "page": 1, "site_id": 1, "sort_field": "id", "sort_order": "desc"}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func (e *env) list(who string, body map[string]any) list {
	e.t.Helper()
	res := e.call(who, "/api/arks/web/member/letter", body)
	if res.Code != 100 {
		e.t.Fatalf("letters of %s: %d %s", who, res.Code, res.Message)
	}
	return testutil.Decode[list](e.t, res.Data)
}

func (e *env) send(body string) (id int64, unknown []string) {
	e.t.Helper()
	res := e.admin("POST", "/admin/sites/1/letters", body)
	if res.Code != 100 {
		e.t.Fatalf("send %s: %d %s", body, res.Code, res.Message)
	}
	v := testutil.Decode[struct {
		ID      int64    `json:"id"`
		Unknown []string `json:"unknown_accounts"`
	}](e.t, res.Data)
	return v.ID, v.Unknown
}

// TestLetters: what members see of letters the operator sends to one
// member, a list of accounts or a whole currency, in their language, and
// reading and deleting them, with the bad input of issue 12.
func TestLetters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		demoID := e.memberID(seed.DemoMember)

		// The seed: a welcome letter to the demo member and a USD broadcast.
		got := e.list("demo", listBody)
		if got.TotalCount != 2 || got.UnreadCount != 2 || len(got.List) != 2 || got.List[0].ID < got.List[1].ID {
			t.Fatalf("seeded letters: %+v", got)
		}
		if a := e.list("agent", listBody); a.TotalCount != 1 || a.List[0].Title != "Weekend reload is back" {
			t.Fatalf("agent sees %+v, want the USD broadcast only", a)
		}

		ws := wstest.Dial(t, e.URL)
		if ok, r := ws.Connect(e.tok["demo"]); !ok {
			t.Fatalf("connect: %v", r)
		}
		ws.Subscribe(fmt.Sprintf("member.%d", demoID), "member.USD")

		// One member, per language with a fallback; operator HTML sanitised.
		id, _ := e.send(`{"to":"member","account":"demo001","title":{"en_US":"Bonus credited","zh_CN":"奖金已到账"},
			"content":{"en_US":"<p onclick=\"x()\">Enjoy<script>alert(1)</script><a href=\"javascript:alert(1)\">go</a></p>"}}`)
		pub := ws.Publication(fmt.Sprintf("member.%d", demoID), 5*time.Second)
		if pub["event"] != "letter" || fmt.Sprint(pub["data"]) != fmt.Sprintf("map[action:sent id:%d]", id) {
			t.Fatalf("letter event %v", pub)
		}
		got = e.list("demo", listBody)
		if got.TotalCount != 3 || got.UnreadCount != 3 || got.List[0].ID != id || got.List[0].Title != "Bonus credited" {
			t.Fatalf("after send: %+v", got)
		}
		if c := got.List[0].Content; strings.Contains(c, "script") || strings.Contains(c, "onclick") || strings.Contains(c, "javascript:") || !strings.Contains(c, "Enjoy") {
			t.Fatalf("content not sanitised: %q", c)
		}
		if zh := e.list("demo", with(listBody, "language", "zh_CN")); zh.List[0].Title != "奖金已到账" || zh.List[0].Content == "" {
			t.Fatalf("zh_CN: %+v", zh.List[0])
		}
		if vi := e.list("demo", with(listBody, "language", "vi_VN")); vi.List[0].Title != "Bonus credited" {
			t.Fatalf("vi_VN falls back to English: %+v", vi.List[0])
		}

		// A list of accounts (unknown ones reported), a whole currency.
		listID, unknown := e.send(`{"to":"accounts","accounts":["demo001","agent001","nobody99"],"title":{"en_US":"Two of you"}}`)
		if fmt.Sprint(unknown) != "[nobody99]" {
			t.Fatalf("unknown accounts %v", unknown)
		}
		rmb, _ := e.send(`{"to":"currency","currency":"RMB","title":{"en_US":"RMB only"}}`)
		usd, _ := e.send(`{"to":"currency","currency":"USD","title":{"en_US":"Every USD member"}}`)
		if pub := ws.Publication("member.USD", 5*time.Second); pub["event"] != "letter" {
			t.Fatalf("broadcast event %v", pub)
		}
		got = e.list("demo", listBody)
		if got.TotalCount != 5 || got.List[0].ID != usd || got.List[1].ID != listID {
			t.Fatalf("after list and broadcasts: %+v", got)
		}
		if a := e.list("agent", listBody); a.TotalCount != 3 {
			t.Fatalf("agent: %+v", a)
		}

		// Paging and sorting.
		page := e.list("demo", with(listBody, "count", 2, "page", 2))
		if len(page.List) != 2 || page.TotalCount != 5 || page.List[0].ID != id {
			t.Fatalf("page 2 of 2: %+v", page)
		}
		if asc := e.list("demo", with(listBody, "sort_order", "asc")); asc.List[4].ID != usd {
			t.Fatalf("ascending: %+v", asc)
		}

		// Read: once changes, twice does not; the broadcast is read for this
		// member only.
		testutil.Run(t, e.Server, []testutil.Scenario{
			{Name: "read own", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, id), Headers: e.auth("demo"),
				WantCode: 100, Check: wantChange(1, 4)},
			{Name: "read again", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, id), Headers: e.auth("demo"),
				WantCode: 100, Check: wantChange(0, 4)},
			{Name: "read broadcast", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, usd), Headers: e.auth("demo"),
				WantCode: 100, Check: wantChange(1, 3)},
			{Name: "another member's letter", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, id),
				Headers: e.auth("agent"), WantCode: 101},
			{Name: "other currency's broadcast", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, rmb),
				Headers: e.auth("demo"), WantCode: 101},
			{Name: "unknown letter", Path: "/api/arks/web/member/letter/read", Body: `{"id":987654}`, Headers: e.auth("demo"), WantCode: 101},
			{Name: "no id", Path: "/api/arks/web/member/letter/read", Body: `{}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "id as text", Path: "/api/arks/web/member/letter/read", Body: `{"id":"1"}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "read without a session", Path: "/api/arks/web/member/letter/read", Body: `{"id":1}`, WantHTTP: 401, WantCode: 401},
			{Name: "list without a session", Path: "/api/arks/web/member/letter", Body: `{}`, WantHTTP: 401, WantCode: 401},
			{Name: "active out of range", Path: "/api/arks/web/member/letter", Body: `{"active":3}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "count too big", Path: "/api/arks/web/member/letter", Body: `{"count":101}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "negative page", Path: "/api/arks/web/member/letter", Body: `{"page":-1}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "bad sort", Path: "/api/arks/web/member/letter", Body: `{"sort_order":"sideways"}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "bad sort field", Path: "/api/arks/web/member/letter", Body: `{"sort_field":"title; DROP TABLE letters"}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "malformed", Path: "/api/arks/web/member/letter", Body: `{"count":`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "unread only", Path: "/api/arks/web/member/letter", Body: `{"active":1}`, Headers: e.auth("demo"), WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if l := testutil.Decode[list](t, raw); l.TotalCount != 3 || l.UnreadCount != 3 {
						t.Fatalf("unread: %+v", l)
					}
				}},
			{Name: "destroy another member's", Path: "/api/arks/web/member/letter/destroy", Body: fmt.Sprintf(`{"id":%d}`, id),
				Headers: e.auth("agent"), WantCode: 101},
			{Name: "destroy own", Path: "/api/arks/web/member/letter/destroy", Body: fmt.Sprintf(`{"id":%d}`, id),
				Headers: e.auth("demo"), WantCode: 100, Check: wantChange(1, 3)},
			{Name: "destroy again", Path: "/api/arks/web/member/letter/destroy", Body: fmt.Sprintf(`{"id":%d}`, id),
				Headers: e.auth("demo"), WantCode: 101},
			{Name: "read a deleted letter", Path: "/api/arks/web/member/letter/read", Body: fmt.Sprintf(`{"id":%d}`, id),
				Headers: e.auth("demo"), WantCode: 101},
			{Name: "destroy bad filter", Path: "/api/arks/web/member/letter/destroy", Body: `{"active":9}`, Headers: e.auth("demo"), WantCode: 400},
		})
		if pub := ws.Publication(fmt.Sprintf("member.%d", demoID), 5*time.Second); pub["event"] != "letter" {
			t.Fatalf("read event %v", pub)
		}

		// Destroy with the list's body: every read letter, then every one.
		res := e.call("demo", "/api/arks/web/member/letter/destroy", with(listBody, "active", 2))
		if res.Code != 100 || !strings.Contains(string(res.Data), `"changed":1`) {
			t.Fatalf("destroy read: %d %s", res.Code, res.Data)
		}
		if l := e.list("demo", listBody); l.TotalCount != 3 || l.UnreadCount != 3 {
			t.Fatalf("after destroying read letters: %+v", l)
		}
		res = e.call("demo", "/api/arks/web/member/letter/destroy", listBody)
		if l := e.list("demo", listBody); res.Code != 100 || l.TotalCount != 0 || l.UnreadCount != 0 {
			t.Fatalf("after destroying all: %d %+v", res.Code, l)
		}
		if a := e.list("agent", listBody); a.TotalCount != 3 || a.UnreadCount != 3 {
			t.Fatalf("the agent's letters must stay: %+v", a)
		}

		// The operator's bad input writes nothing.
		var before int
		_ = d.QueryRow(`SELECT COUNT(*) FROM letters`).Scan(&before)
		for _, c := range []struct{ name, body string }{
			{"unknown audience", `{"to":"everyone","title":{"en_US":"x"}}`},
			{"unknown currency", `{"to":"currency","currency":"XXX","title":{"en_US":"x"}}`},
			{"unknown member", `{"to":"member","account":"nobody99","title":{"en_US":"x"}}`},
			{"no accounts", `{"to":"accounts","accounts":[],"title":{"en_US":"x"}}`},
			{"only unknown accounts", `{"to":"accounts","accounts":["nobody98","nobody99"],"title":{"en_US":"x"}}`},
			{"no title", `{"to":"member","account":"demo001","title":{}}`},
			{"unknown language", `{"to":"member","account":"demo001","title":{"xx_XX":"x"}}`},
			{"title too long", `{"to":"member","account":"demo001","title":{"en_US":"` + strings.Repeat("x", 201) + `"}}`},
			{"unknown field", `{"to":"member","account":"demo001","title":{"en_US":"x"},"priority":1}`},
		} {
			if res := e.admin("POST", "/admin/sites/1/letters", c.body); res.Code != 400 {
				t.Errorf("%s: %d %s", c.name, res.Code, res.Message)
			}
		}
		var after int
		_ = d.QueryRow(`SELECT COUNT(*) FROM letters`).Scan(&after)
		if after != before {
			t.Fatalf("bad sends wrote %d letters", after-before)
		}
		if res := e.Do("POST", "/admin/sites/1/letters", `{}`); res.HTTP != 401 {
			t.Fatalf("without the key: %d", res.HTTP)
		}
		res = e.admin("GET", "/admin/sites/1/letters?limit=2", "")
		if res.Code != 100 || !strings.Contains(string(res.Data), `"title":"Every USD member"`) {
			t.Fatalf("operator list: %s", res.Data)
		}
		res = e.admin("GET", "/admin/audit-log?site_id=1", "")
		if !strings.Contains(string(res.Data), `"action":"inbox.letter.send"`) {
			t.Fatalf("audit log: %s", res.Data)
		}
	})
}

func (e *env) auth(who string) []string {
	return []string{"Authorization", "Bearer " + e.tok[who], "X-Forwarded-For", "203.0.113.21"}
}

func wantChange(changed, unread int64) func(t *testing.T, raw json.RawMessage) {
	return func(t *testing.T, raw json.RawMessage) {
		v := testutil.Decode[struct {
			Changed     int64 `json:"changed"`
			UnreadCount int64 `json:"unread_count"`
		}](t, raw)
		if v.Changed != changed || v.UnreadCount != unread {
			t.Fatalf("change %+v, want changed %d unread %d", v, changed, unread)
		}
	}
}

// TestLetterHTMLIsInert: the XSS corpus sent as a letter reaches the
// member's list rebuilt, with nothing that runs.
func TestLetterHTMLIsInert(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		evil, _ := json.Marshal(strings.Join(xss.Corpus, "\n"))
		e.send(`{"to":"member","account":"demo001","title":{"en_US":"<script>alert(1)</script>"},"content":{"en_US":` + string(evil) + `}}`)
		got := e.list("demo", listBody)
		if !strings.Contains(got.List[0].Content, "alert(1)") {
			t.Fatalf("the corpus never reached the list: %q", got.List[0].Content)
		}
		if bad := xss.Dangerous(got.List[0].Content); bad != "" {
			t.Fatalf("served %q", bad)
		}
	})
}
