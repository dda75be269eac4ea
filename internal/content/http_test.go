package content_test

import (
	"encoding/json"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

func TestContentEndpoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		type list[T any] struct {
			List []T `json:"list"`
		}
		cases := []testutil.Scenario{
			{Name: "logo", Path: "/api/web/logo", Body: `{"site_id":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						List []struct {
							Type      string `json:"type"`
							PhotoPath string `json:"photo_path"`
						} `json:"web_logo_list"`
					}](t, raw)
					if len(v.List) == 0 || !strings.HasPrefix(v.List[0].PhotoPath, "/media/") {
						t.Fatalf("logos = %+v", v.List)
					}
				}},
			{Name: "footer", Path: "/api/arks/web/footer", Body: `{"site_id":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title string `json:"title"`
						List  []struct {
							URL string `json:"url"`
						} `json:"list"`
					}]](t, raw)
					if len(v.List) < 2 || len(v.List[0].List) == 0 || v.List[0].Title != "About" {
						t.Fatalf("footer = %+v", v)
					}
				}},
			{Name: "footer in vietnamese", Path: "/api/arks/web/footer", Body: `{"site_id":1}`, Headers: []string{"lang", "vi_VN"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if v.List[0].Title != "Giới thiệu" {
						t.Fatalf("title = %q, want the vi_VN text", v.List[0].Title)
					}
				}},
			{Name: "footer in korean", Path: "/api/arks/web/footer", Body: `{"site_id":1}`, Headers: []string{"lang", "ko_KR"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if v.List[0].Title != "회사 소개" {
						t.Fatalf("title = %q, want the ko_KR text", v.List[0].Title)
					}
				}},
			{Name: "mobile footer", Path: "/api/arks/web/web-mobile-footer", Body: `{"site_id":1,"template":"H5_3"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Type       string `json:"type"`
						Icon       string `json:"icon"`
						IconActive string `json:"icon_active"`
					}]](t, raw)
					if len(v.List) != 6 || v.List[0].Type != "home" || v.List[0].IconActive == "" {
						t.Fatalf("mobile footer = %+v", v)
					}
				}},
			{Name: "float", Path: "/api/arks/web/float", Body: `{"site_id":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Type string `json:"type"`
					}]](t, raw)
					if len(v.List) == 0 {
						t.Fatal("no float entries")
					}
				}},
			{Name: "model setting desktop zh_CN", Path: "/api/web/model_setting", Body: `{"site_id":1,"language":"zh_CN","model_version":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title string `json:"title"`
						Photo string `json:"photo"`
					}]](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "推荐好友" {
						t.Fatalf("ads = %+v", v)
					}
				}},
			{Name: "model sponsor mobile in thai", Path: "/api/web/model_sponsor", Body: `{"site_id":1,"language":"th_TH","model_version":2}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title string `json:"title"`
					}]](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "สโมสรนอร์ธเบย์ โรเวอร์ส" {
						t.Fatalf("sponsors = %+v", v)
					}
				}},
			{Name: "model login", Path: "/api/web/model_login", Body: `{"site_id":1,"language":"en_US","model_version":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						Title   string `json:"title"`
						Content string `json:"content"`
					}]](t, raw)
					if len(v.List) != 2 || v.List[0].Content == "" {
						t.Fatalf("login blocks = %+v", v)
					}
				}},
			{Name: "model bad version", Path: "/api/web/model_login", Body: `{"site_id":1,"language":"en_US","model_version":7}`, WantCode: 400},
			{Name: "model unknown language", Path: "/api/web/model_login", Body: `{"site_id":1,"language":"xx_XX","model_version":1}`, WantCode: 400},
			{Name: "template config answers 1000", Path: "/api/template_config", Body: `{"mobileTemplateName":"H5_2"}`, WantCode: 1000,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[map[string]struct {
						Name       string `json:"name"`
						ThemeColor string `json:"theme_color"`
					}](t, raw)
					if v["H5_2"].Name != "H5_2" || v["H5_2"].ThemeColor == "" {
						t.Fatalf("template config = %+v", v)
					}
				}},
			{Name: "template config unknown name is empty", Path: "/api/template_config", Body: `{"mobileTemplateName":"H5_99"}`, WantCode: 1000,
				Check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != "{}" {
						t.Fatalf("data = %s", raw)
					}
				}},
			{Name: "template config without name", Path: "/api/template_config", Body: `{}`, WantCode: 400},
			{Name: "template config malformed", Path: "/api/template_config", Body: `{"mobileTemplateName":`, WantCode: 400},
			{Name: "template config unknown site", Path: "/api/template_config", Body: `{"mobileTemplateName":"H5_1","site_id":999}`, WantCode: 404},
			{Name: "register background of template", Path: "/api/arks/web/model/register-background/detail", Body: `{"site_id":1,"template":"H5_1"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "register-h5.svg") {
						t.Fatalf("detail = %s", raw)
					}
				}},
			{Name: "register background falls back to default", Path: "/api/arks/web/model/register-background/detail", Body: `{"site_id":1,"template":"H5_5"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "register-default.svg") {
						t.Fatalf("detail = %s", raw)
					}
				}},
			{Name: "carousel desktop", Path: "/api/arks/web/carousel_picture", Body: `{"site_id":1,"use_type":0}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
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
			{Name: "carousel mobile", Path: "/api/arks/web/carousel_picture", Body: `{"site_id":1,"use_type":2}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), "mobile-1.svg") || strings.Contains(string(raw), "desktop-") {
						t.Fatalf("mobile list = %s", raw)
					}
				}},
			{Name: "carousel bad use type", Path: "/api/arks/web/carousel_picture", Body: `{"site_id":1,"use_type":3}`, WantCode: 400},
			{Name: "carousel missing use type", Path: "/api/arks/web/carousel_picture", Body: `{"site_id":1}`, WantCode: 400},
			{Name: "marquee for visitors", Path: "/api/arks/web/announcement/marquee", Body: `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
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
			{Name: "marquee sorted by id desc", Path: "/api/arks/web/announcement/marquee", Body: `{"site_id":1,"sort_field":"id","sort_order":"desc"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						List []struct {
							ID int64 `json:"id"`
						} `json:"web_announcement_list"`
					}](t, raw)
					if v.List[0].ID < v.List[len(v.List)-1].ID {
						t.Fatalf("not descending: %+v", v.List)
					}
				}},
			{Name: "marquee bad sort field", Path: "/api/arks/web/announcement/marquee", Body: `{"site_id":1,"sort_field":"content; DROP TABLE sites","sort_order":"asc"}`, WantCode: 400},
			{Name: "marquee bad sort order", Path: "/api/arks/web/announcement/marquee", Body: `{"site_id":1,"sort_field":"id","sort_order":"sideways"}`, WantCode: 400},
			{Name: "bulletin desktop", Path: "/api/arks/web/bulletin", Body: `{"site_id":1,"display_device":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
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
			{Name: "bulletin history desktop holds every bulletin for desktop", Path: "/api/arks/web/bulletin/history", Body: `{"site_id":1,"display_device":1}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
						DisplayDevice int `json:"display_device"`
					}]](t, raw)
					if len(v.List) != 4 {
						t.Fatalf("history = %d items, want 4", len(v.List))
					}
					if strings.Contains(string(raw), `"setting"`) {
						t.Fatal("history carries no setting")
					}
				}},
			{Name: "bulletin history mobile leaves out desktop-only", Path: "/api/arks/web/bulletin/history", Body: `{"site_id":1,"display_device":2}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[list[struct {
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
			{Name: "bulletin bad device", Path: "/api/arks/web/bulletin", Body: `{"site_id":1,"display_device":0}`, WantCode: 400},
			{Name: "jackpot usd", Path: "/api/v2/get_jackpot", Body: `{"currency":"USD"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"jackpot":{"currency":"USD","jackpot_amount_total":1234567.89}}` {
						t.Fatalf("jackpot = %s", raw)
					}
				}},
			{Name: "jackpot vnd has no minor unit", Path: "/api/v2/get_jackpot", Body: `{"currency":"VND"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if !strings.Contains(string(raw), `"jackpot_amount_total":3086419750}`) {
						t.Fatalf("jackpot = %s", raw)
					}
				}},
			{Name: "jackpot currency not offered", Path: "/api/v2/get_jackpot", Body: `{"currency":"NGN"}`, WantCode: 400},
			{Name: "jackpot missing currency", Path: "/api/v2/get_jackpot", Body: `{}`, WantCode: 400},
			{Name: "jackpot malformed", Path: "/api/v2/get_jackpot", Body: `{"currency":5}`, WantCode: 400},
			{Name: "jackpot unknown site", Path: "/api/v2/get_jackpot", Body: `{"currency":"USD","site_id":999}`, WantCode: 404},
		}
		for _, c := range [][2]string{
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
			cases = append(cases, testutil.BadSiteBodies(c[0], c[1])...)
		}
		testutil.Run(t, s, cases)
	})
}
