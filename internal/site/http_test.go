package site_test

import (
	"encoding/json"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// scenario is one call and what the client must observe.
type scenario struct {
	name     string
	path     string
	body     string
	headers  []string
	wantHTTP int
	wantCode int
	check    func(t *testing.T, data json.RawMessage)
}

func run(t *testing.T, s *testutil.Server, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := s.Post(c.path, c.body, c.headers...)
			wantHTTP := c.wantHTTP
			if wantHTTP == 0 {
				wantHTTP = 200
			}
			if res.HTTP != wantHTTP || res.Code != c.wantCode {
				t.Fatalf("POST %s %s: http %d code %d (%s), want http %d code %d", c.path, c.body, res.HTTP, res.Code,
					res.Message, wantHTTP, c.wantCode)
			}
			if c.check != nil {
				c.check(t, res.Data)
			}
		})
	}
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// common adds the bad-body and unknown-site cases every site endpoint shares.
func common(path, valid string) []scenario {
	unknown := strings.Replace(valid, `"site_id":1`, `"site_id":999`, 1)
	return []scenario{
		{name: path + " malformed json", path: path, body: `{"site_id":`, wantCode: 400},
		{name: path + " wrong type", path: path, body: `{"site_id":"one"}`, wantCode: 400},
		{name: path + " not an object", path: path, body: `[1,2]`, wantCode: 400},
		{name: path + " unknown site", path: path, body: unknown, wantCode: 404},
		{name: path + " missing site", path: path, body: `{}`, wantCode: 400},
	}
}

func TestSiteEndpoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		type list[T any] struct {
			List []T `json:"list"`
		}
		cases := []scenario{
			{name: "site detail", path: "/api/arks/web/site/detail", body: `{"site_id":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
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
			{name: "site detail carries the member rules", path: "/api/arks/web/site/detail", body: `{"site_id":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), `"password_rule":"default","sms_verify_seconds":60`) {
						t.Fatalf("env_config = %s", raw)
					}
				}},
			{name: "logo", path: "/api/web/logo", body: `{"site_id":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []struct {
							Type      string `json:"type"`
							PhotoPath string `json:"photo_path"`
						} `json:"web_logo_list"`
					}](t, raw)
					if len(v.List) == 0 || !strings.HasPrefix(v.List[0].PhotoPath, "/media/") {
						t.Fatalf("logos = %+v", v.List)
					}
				}},
			{name: "footer", path: "/api/arks/web/footer", body: `{"site_id":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title string `json:"title"`
						List  []struct {
							URL string `json:"url"`
						} `json:"list"`
					}]](t, raw)
					if len(v.List) < 2 || len(v.List[0].List) == 0 || v.List[0].Title != "About" {
						t.Fatalf("footer = %+v", v)
					}
				}},
			{name: "footer in vietnamese", path: "/api/arks/web/footer", body: `{"site_id":1}`, headers: []string{"lang", "vi_VN"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if v.List[0].Title != "Giới thiệu" {
						t.Fatalf("title = %q, want the vi_VN text", v.List[0].Title)
					}
				}},
			{name: "footer in korean falls back to english", path: "/api/arks/web/footer", body: `{"site_id":1}`, headers: []string{"lang", "ko_KR"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if v.List[0].Title != "About" {
						t.Fatalf("title = %q", v.List[0].Title)
					}
				}},
			{name: "mobile footer", path: "/api/arks/web/web-mobile-footer", body: `{"site_id":1,"template":"H5_3"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Type       string `json:"type"`
						Icon       string `json:"icon"`
						IconActive string `json:"icon_active"`
					}]](t, raw)
					if len(v.List) != 5 || v.List[0].Type != "home" || v.List[0].IconActive == "" {
						t.Fatalf("mobile footer = %+v", v)
					}
				}},
			{name: "float", path: "/api/arks/web/float", body: `{"site_id":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Type string `json:"type"`
					}]](t, raw)
					if len(v.List) == 0 {
						t.Fatal("no float entries")
					}
				}},
			{name: "model setting desktop zh_CN", path: "/api/web/model_setting", body: `{"site_id":1,"language":"zh_CN","model_version":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title string `json:"title"`
						Photo string `json:"photo"`
					}]](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "推荐好友" {
						t.Fatalf("ads = %+v", v)
					}
				}},
			{name: "model sponsor mobile, language without content falls back", path: "/api/web/model_sponsor", body: `{"site_id":1,"language":"th_TH","model_version":2}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "Northbay Rovers FC" {
						t.Fatalf("sponsors = %+v", v)
					}
				}},
			{name: "model login", path: "/api/web/model_login", body: `{"site_id":1,"language":"en_US","model_version":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						Title   string `json:"title"`
						Content string `json:"content"`
					}]](t, raw)
					if len(v.List) != 2 || v.List[0].Content == "" {
						t.Fatalf("login blocks = %+v", v)
					}
				}},
			{name: "model bad version", path: "/api/web/model_login", body: `{"site_id":1,"language":"en_US","model_version":7}`, wantCode: 400},
			{name: "model unknown language", path: "/api/web/model_login", body: `{"site_id":1,"language":"xx_XX","model_version":1}`, wantCode: 400},
			{name: "template config answers 1000", path: "/api/template_config", body: `{"mobileTemplateName":"H5_2"}`, wantCode: 1000,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[map[string]struct {
						Name       string `json:"name"`
						ThemeColor string `json:"theme_color"`
					}](t, raw)
					if v["H5_2"].Name != "H5_2" || v["H5_2"].ThemeColor == "" {
						t.Fatalf("template config = %+v", v)
					}
				}},
			{name: "template config unknown name is empty", path: "/api/template_config", body: `{"mobileTemplateName":"H5_99"}`, wantCode: 1000,
				check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != "{}" {
						t.Fatalf("data = %s", raw)
					}
				}},
			{name: "template config without name", path: "/api/template_config", body: `{}`, wantCode: 400},
			{name: "template config malformed", path: "/api/template_config", body: `{"mobileTemplateName":`, wantCode: 400},
			{name: "template config unknown site", path: "/api/template_config", body: `{"mobileTemplateName":"H5_1","site_id":999}`, wantCode: 404},
			{name: "register background of template", path: "/api/arks/web/model/register-background/detail", body: `{"site_id":1,"template":"H5_1"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "register-h5.svg") {
						t.Fatalf("detail = %s", raw)
					}
				}},
			{name: "register background falls back to default", path: "/api/arks/web/model/register-background/detail", body: `{"site_id":1,"template":"H5_5"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "register-default.svg") {
						t.Fatalf("detail = %s", raw)
					}
				}},
			{name: "carousel desktop", path: "/api/arks/web/carousel_picture", body: `{"site_id":1,"use_type":0}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []struct {
							URL      string          `json:"url"`
							LinkType int             `json:"link_type"`
							Game     json.RawMessage `json:"game_link_parameter"`
						} `json:"web_carousel_picture_list"`
					}](t, raw)
					if len(v.List) != 4 {
						t.Fatalf("banners = %d", len(v.List))
					}
					for _, b := range v.List {
						if !strings.Contains(b.URL, "desktop-") {
							t.Fatalf("desktop list holds %s", b.URL)
						}
						if (b.LinkType == 2) != (string(b.Game) != "null") {
							t.Fatalf("game_link_parameter must be set exactly for game links: %+v", b)
						}
					}
				}},
			{name: "carousel mobile", path: "/api/arks/web/carousel_picture", body: `{"site_id":1,"use_type":2}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "mobile-1.svg") || strings.Contains(string(raw), "desktop-") {
						t.Fatalf("mobile list = %s", raw)
					}
				}},
			{name: "carousel bad use type", path: "/api/arks/web/carousel_picture", body: `{"site_id":1,"use_type":3}`, wantCode: 400},
			{name: "carousel missing use type", path: "/api/arks/web/carousel_picture", body: `{"site_id":1}`, wantCode: 400},
			{name: "marquee for visitors", path: "/api/arks/web/announcement/marquee", body: `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []struct {
							ID     int64 `json:"id"`
							Before int   `json:"display_before_login"`
							Sort   int   `json:"sort"`
						} `json:"web_announcement_list"`
					}](t, raw)
					if len(v.List) != 3 {
						t.Fatalf("visitor announcements = %d, want 3", len(v.List))
					}
					for i, a := range v.List {
						if a.Before != 1 || (i > 0 && a.Sort < v.List[i-1].Sort) {
							t.Fatalf("announcements = %+v", v.List)
						}
					}
				}},
			{name: "marquee sorted by id desc", path: "/api/arks/web/announcement/marquee", body: `{"site_id":1,"sort_field":"id","sort_order":"desc"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []struct {
							ID int64 `json:"id"`
						} `json:"web_announcement_list"`
					}](t, raw)
					if v.List[0].ID < v.List[len(v.List)-1].ID {
						t.Fatalf("not descending: %+v", v.List)
					}
				}},
			{name: "marquee bad sort field", path: "/api/arks/web/announcement/marquee", body: `{"site_id":1,"sort_field":"content; DROP TABLE sites","sort_order":"asc"}`, wantCode: 400},
			{name: "marquee bad sort order", path: "/api/arks/web/announcement/marquee", body: `{"site_id":1,"sort_field":"id","sort_order":"sideways"}`, wantCode: 400},
			{name: "bulletin desktop", path: "/api/arks/web/bulletin", body: `{"site_id":1,"display_device":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []struct {
							DisplayDevice  int    `json:"display_device"`
							DisplayContent string `json:"display_content"`
							UpdatedAt      string `json:"updated_at"`
						} `json:"list"`
						Setting *struct {
							DisplayFrequency int `json:"display_frequency"`
						} `json:"setting"`
					}](t, raw)
					if len(v.List) != 2 || v.Setting == nil || v.Setting.DisplayFrequency != 1 {
						t.Fatalf("bulletin = %s", raw)
					}
					if !strings.HasSuffix(v.List[0].UpdatedAt, "Z") || v.List[0].DisplayContent == "" {
						t.Fatalf("bulletin item = %+v", v.List[0])
					}
				}},
			{name: "bulletin history desktop holds every bulletin for desktop", path: "/api/arks/web/bulletin/history", body: `{"site_id":1,"display_device":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						DisplayDevice int `json:"display_device"`
					}]](t, raw)
					if len(v.List) != 4 {
						t.Fatalf("history = %d items, want 4", len(v.List))
					}
					if strings.Contains(string(raw), `"setting"`) {
						t.Fatal("history carries no setting")
					}
				}},
			{name: "bulletin history mobile leaves out desktop-only", path: "/api/arks/web/bulletin/history", body: `{"site_id":1,"display_device":2}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decode[list[struct {
						DisplayDevice int `json:"display_device"`
					}]](t, raw)
					for _, b := range v.List {
						if b.DisplayDevice == 1 {
							t.Fatalf("desktop-only bulletin on mobile: %s", raw)
						}
					}
					if len(v.List) != 3 {
						t.Fatalf("history = %d", len(v.List))
					}
				}},
			{name: "bulletin bad device", path: "/api/arks/web/bulletin", body: `{"site_id":1,"display_device":0}`, wantCode: 400},
			{name: "jackpot usd", path: "/api/v2/get_jackpot", body: `{"currency":"USD"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"jackpot":{"currency":"USD","jackpot_amount_total":1234567.89}}` {
						t.Fatalf("jackpot = %s", raw)
					}
				}},
			{name: "jackpot vnd has no minor unit", path: "/api/v2/get_jackpot", body: `{"currency":"VND"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), `"jackpot_amount_total":3086419750}`) {
						t.Fatalf("jackpot = %s", raw)
					}
				}},
			{name: "jackpot currency not offered", path: "/api/v2/get_jackpot", body: `{"currency":"NGN"}`, wantCode: 400},
			{name: "jackpot missing currency", path: "/api/v2/get_jackpot", body: `{}`, wantCode: 400},
			{name: "jackpot malformed", path: "/api/v2/get_jackpot", body: `{"currency":5}`, wantCode: 400},
			{name: "jackpot unknown site", path: "/api/v2/get_jackpot", body: `{"currency":"USD","site_id":999}`, wantCode: 404},
			{name: "visitor from vietnam header untrusted falls back to browser", path: "/api/visitor", body: `{"site_id":1}`,
				headers: []string{"CF-IPCountry", "VN", "Accept-Language", "zh-CN,zh;q=0.9"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"country":"","language":"zh_CN","currency":"RMB"}` {
						t.Fatalf("visitor = %s", raw)
					}
				}},
			{name: "visitor with unknown browser language gets site defaults", path: "/api/visitor", body: `{"site_id":1}`,
				headers: []string{"Accept-Language", "fr-FR"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"country":"","language":"en_US","currency":"USD"}` {
						t.Fatalf("visitor = %s", raw)
					}
				}},
		}
		for _, c := range [][2]string{
			{"/api/arks/web/site/detail", `{"site_id":1}`},
			{"/api/visitor", `{"site_id":1}`},
			{"/api/web/logo", `{"site_id":1}`},
			{"/api/arks/web/footer", `{"site_id":1}`},
			{"/api/arks/web/web-mobile-footer", `{"site_id":1,"template":"H5_1"}`},
			{"/api/arks/web/float", `{"site_id":1}`},
			{"/api/web/model_setting", `{"site_id":1,"language":"en_US","model_version":1}`},
			{"/api/web/model_sponsor", `{"site_id":1,"language":"en_US","model_version":1}`},
			{"/api/web/model_login", `{"site_id":1,"language":"en_US","model_version":1}`},
			{"/api/arks/web/model/register-background/detail", `{"site_id":1,"template":"H5_1"}`},
			{"/api/arks/web/carousel_picture", `{"site_id":1,"use_type":0}`},
			{"/api/arks/web/announcement/marquee", `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`},
			{"/api/arks/web/bulletin", `{"site_id":1,"display_device":1}`},
			{"/api/arks/web/bulletin/history", `{"site_id":1,"display_device":2}`},
		} {
			cases = append(cases, common(c[0], c[1])...)
		}
		run(t, s, cases)
	})
}
