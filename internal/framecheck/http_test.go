package framecheck_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/framecheck"
	"gamehall/internal/testutil"
)

// TestCheckIframeEndpoint: the real app refuses private targets and bad URLs.
func TestCheckIframeEndpoint(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		target, hits := testServer(t)
		_, port, _ := net.SplitHostPort(target.Listener.Addr().String())
		for _, c := range []struct {
			body string
			code int
		}{
			{`{"url":"http://127.0.0.1:` + port + `/plain"}`, 403},
			{`{"url":"http://localhost:` + port + `/plain"}`, 403},
			{`{"url":"http://[::1]:` + port + `/plain"}`, 403},
			{`{"url":"http://169.254.169.254/latest/meta-data/"}`, 403},
			{`{"url":"http://10.0.0.1/"}`, 403},
			{`{"url":"http://100.64.0.1/"}`, 403},
			{`{"url":"http://[fd00::1]/"}`, 403},
			{`{"url":"http://224.0.0.1/"}`, 403},
			{`{"url":"http://0.0.0.0:` + port + `/"}`, 403},
			{`{"url":"ftp://example.com/"}`, 400},
			{`{"url":"javascript:alert(1)"}`, 400},
			{`{"url":"http://user:pw@example.com/"}`, 400},
			{`{"url":""}`, 400},
			{`{}`, 400},
			{`{"url":42}`, 400},
			{`{"url":`, 400},
		} {
			res := s.Post("/api/check_iframe", c.body)
			if res.HTTP != 200 || res.Code != c.code {
				t.Errorf("%s: http %d code %d (%s), want %d", c.body, res.HTTP, res.Code, res.Message, c.code)
			}
		}
		if res := s.Post("/api/check_iframe", `{"url":"http://127.0.0.1/"}`, "lang", "zh_CN"); res.Message != "无法检测该地址" {
			t.Fatalf("message %q", res.Message)
		}
		if hits.Load() != 0 {
			t.Fatalf("the loopback server was reached %d times", hits.Load())
		}
		// Checks are limited per client address; 2n+1 calls exceed n in some window.
		limited := false
		for range 2*framecheck.ChecksPerMinute + 1 {
			if res := s.Post("/api/check_iframe", `{"url":"http://10.0.0.1/"}`); res.HTTP == 429 && res.Code == 429 {
				limited = true
				break
			}
		}
		if !limited {
			t.Fatal("check_iframe is not rate limited")
		}
	})
}

// TestCheckIframeAnswer: the envelope of a positive check, through the
// handler with the test network.
func TestCheckIframeAnswer(t *testing.T) {
	srv, hits := testServer(t)
	fn := fakeNet{target: srv.Listener.Addr().String(), hosts: map[string][]netip.Addr{
		"frame.example.com": {netip.MustParseAddr("203.0.114.10")}}}
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(msgs, slog.New(slog.NewTextHandler(io.Discard, nil)))
	mux := http.NewServeMux()
	framecheck.NewHandler(framecheck.New(framecheck.Options{Resolver: fn, Dial: fn.Dial}), time.Minute, nil).Routes(a.NewRouter(mux))
	front := httptest.NewServer(api.Chain(mux, api.RequestContext(func(string) bool { return true }, nil)))
	t.Cleanup(front.Close)
	post := func(body, origin string) map[string]any {
		req, _ := http.NewRequest("POST", front.URL+"/api/check_iframe", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := front.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var env struct {
			Code int            `json:"code"`
			Data map[string]any `json:"data"`
		}
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil || env.Code != 100 {
			t.Fatalf("%s: code %d %v", body, env.Code, err)
		}
		return env.Data
	}
	v := post(`{"url":"http://frame.example.com/to-plain"}`, "")
	if v["can_iframe"] != 1.0 || v["final_url"] != "http://frame.example.com/plain" || v["status_code"] != 200.0 || v["reason"] != "" ||
		v["url"] != "http://frame.example.com/to-plain" {
		t.Fatalf("answer %v", v)
	}
	if v := post(`{"url":"http://frame.example.com/deny"}`, ""); v["can_iframe"] != 0.0 || v["reason"] != "x_frame_options" {
		t.Fatalf("answer %v", v)
	}
	// frame-ancestors names https://hall.example.com: the browser's Origin decides.
	if v := post(`{"url":"http://frame.example.com/csp"}`, "https://hall.example.com"); v["can_iframe"] != 1.0 {
		t.Fatalf("answer %v", v)
	}
	if v := post(`{"url":"http://frame.example.com/csp"}`, "https://other.example.com"); v["can_iframe"] != 0.0 || v["reason"] != "csp_frame_ancestors" {
		t.Fatalf("answer %v", v)
	}
	// Answers are cached per URL and origin.
	before := hits.Load()
	post(`{"url":"http://frame.example.com/deny"}`, "")
	if hits.Load() != before {
		t.Fatal("a repeated check fetched again")
	}
}
