package testutil

import (
	"encoding/json"
	"strings"
	"testing"
)

// Scenario is one POST and what the client must observe.
type Scenario struct {
	Name     string
	Path     string
	Body     string
	Headers  []string
	WantHTTP int // 200 when 0
	WantCode int
	Check    func(t *testing.T, data json.RawMessage)
}

// Run runs each scenario as a subtest against s.
func Run(t *testing.T, s *Server, cases []Scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			res := s.Post(c.Path, c.Body, c.Headers...)
			wantHTTP := c.WantHTTP
			if wantHTTP == 0 {
				wantHTTP = 200
			}
			if res.HTTP != wantHTTP || res.Code != c.WantCode {
				t.Fatalf("POST %s %s: http %d code %d (%s), want http %d code %d", c.Path, c.Body, res.HTTP, res.Code,
					res.Message, wantHTTP, c.WantCode)
			}
			if c.Check != nil {
				c.Check(t, res.Data)
			}
		})
	}
}

// Decode unmarshals raw into a new T.
func Decode[T any](t testing.TB, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// BadSiteBodies are the bad-body and unknown-site cases every endpoint with
// a site_id shares; valid is a good body holding "site_id":1.
func BadSiteBodies(path, valid string) []Scenario {
	unknown := strings.Replace(valid, `"site_id":1`, `"site_id":999`, 1)
	return []Scenario{
		{Name: path + " malformed json", Path: path, Body: `{"site_id":`, WantCode: 400},
		{Name: path + " wrong type", Path: path, Body: `{"site_id":"one"}`, WantCode: 400},
		{Name: path + " not an object", Path: path, Body: `[1,2]`, WantCode: 400},
		{Name: path + " unknown site", Path: path, Body: unknown, WantCode: 404},
		{Name: path + " missing site", Path: path, Body: `{}`, WantCode: 400},
	}
}
