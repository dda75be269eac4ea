package site_test

import (
	"encoding/json"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

func TestSiteEndpoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		type list[T any] struct {
			List []T `json:"list"`
		}
		cases := []testutil.Scenario{
			{Name: "site detail", Path: "/api/arks/web/site/detail", Body: `{"site_id":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						EnvConfig struct {
							SiteID          int64  `json:"site_id"`
							Environment     string `json:"environment"`
							DefaultCurrency string `json:"default_currency"`
							TimeZone        string `json:"time_zone"`
							Languages       []struct {
								Code string `json:"code"`
								ID   int    `json:"id"`
								Flag string `json:"flag"`
							} `json:"languages"`
							Currencies []struct {
								Code     string `json:"code"`
								Symbol   string `json:"symbol"`
								Exponent int    `json:"exponent"`
							} `json:"currencies"`
							SEO struct {
								Title map[string]string `json:"title"`
							} `json:"seo"`
						} `json:"env_config"`
					}](t, raw)
					e := v.EnvConfig
					if e.SiteID != 1 || e.Environment != "production" || e.DefaultCurrency != "USD" || e.TimeZone != "America/Caracas" {
						t.Fatalf("env_config = %+v", e)
					}
					if len(e.Languages) != 11 {
						t.Fatalf("languages = %d, want the spec's 11", len(e.Languages))
					}
					ids := map[string]int{}
					for _, l := range e.Languages {
						ids[l.Code] = l.ID
					}
					if ids["zh_TW"] != 0 || ids["bn_BD"] != 10 || ids["vi_VN"] != 3 {
						t.Fatalf("language ids differ from spec section 9: %v", ids)
					}
					syms := map[string]string{}
					for _, c := range e.Currencies {
						syms[c.Code] = c.Symbol
						if c.Code == "VND" && c.Exponent != 0 || c.Code == "USD" && c.Exponent != 2 {
							t.Fatalf("exponent of %s = %d", c.Code, c.Exponent)
						}
					}
					if syms["VND"] != "₫" || syms["WON"] != "₩" || syms["THB"] != "฿" {
						t.Fatalf("currency symbols differ from spec: %v", syms)
					}
					if e.SEO.Title["zh_CN"] == "" || e.SEO.Title["default"] == "" {
						t.Fatal("seo titles for zh_CN and others missing")
					}
				}},
			{Name: "site detail carries the member rules", Path: "/api/arks/web/site/detail", Body: `{"site_id":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), `"password_rule":"default","sms_verify_seconds":60`) {
						t.Fatalf("env_config = %s", raw)
					}
				}},
			{Name: "visitor from vietnam header untrusted falls back to browser", Path: "/api/visitor", Body: `{"site_id":1}`,
				Headers: []string{"CF-IPCountry", "VN", "Accept-Language", "zh-CN,zh;q=0.9"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"country":"","language":"zh_CN","currency":"RMB"}` {
						t.Fatalf("visitor = %s", raw)
					}
				}},
			{Name: "visitor with unknown browser language gets site defaults", Path: "/api/visitor", Body: `{"site_id":1}`,
				Headers: []string{"Accept-Language", "fr-FR"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"country":"","language":"en_US","currency":"USD"}` {
						t.Fatalf("visitor = %s", raw)
					}
				}},
		}
		for _, c := range [][2]string{
			{"/api/arks/web/site/detail", `{"site_id":1}`},
			{"/api/visitor", `{"site_id":1}`},
		} {
			cases = append(cases, testutil.BadSiteBodies(c[0], c[1])...)
		}
		testutil.Run(t, s, cases)
	})
}
