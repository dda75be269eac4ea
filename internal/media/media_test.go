package media_test

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"gamehall/internal/media"
)

func wellFormed(t *testing.T, what string, body []byte) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(string(body)))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v\n%s", what, err, body)
		}
	}
}

var wantIcons = []string{"bell", "chevron-left", "chevron-right", "clock", "close", "deposit", "fire", "gift", "globe",
	"headset", "home", "lock", "mail", "menu", "play", "search", "sparkle", "star", "star-filled", "user", "wallet", "withdraw"}

func TestIconFiles(t *testing.T) {
	set, err := media.LoadIcons()
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Names(); !slices.Equal(got, wantIcons) {
		t.Fatalf("icons %v", got)
	}
	for _, n := range wantIcons {
		raw, err := fs.ReadFile(media.FS(), "icons/"+n+".svg")
		if err != nil {
			t.Fatal(err)
		}
		wellFormed(t, n, raw)
		s := string(raw)
		if !strings.Contains(s, `viewBox="0 0 24 24"`) || !strings.Contains(s, `stroke="currentColor"`) {
			t.Errorf("%s: not a 24x24 stroke icon", n)
		}
		// No external references, scripts or embedded documents.
		for _, bad := range []string{"href", "http:", "https:", "url(", "<script", "<image", "<foreignObject", "on"} {
			rest := strings.Replace(s, `xmlns="http://www.w3.org/2000/svg"`, "", 1)
			if bad == "on" {
				if strings.Contains(rest, " on") {
					t.Errorf("%s has an event attribute", n)
				}
				continue
			}
			if strings.Contains(rest, bad) {
				t.Errorf("%s contains %q", n, bad)
			}
		}
		icon, _ := set.Get(n)
		if icon.Width != 24 || icon.Height != 24 || !strings.HasPrefix(icon.Body, `<g fill="none" stroke="currentColor" stroke-width="2"`) {
			t.Errorf("%s: %+v", n, icon)
		}
		wellFormed(t, n+" body", []byte(`<svg xmlns="http://www.w3.org/2000/svg">`+icon.Body+`</svg>`))
	}
}

func TestIconService(t *testing.T) {
	set, err := media.LoadIcons()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(set.Handler())
	t.Cleanup(srv.Close)
	get := func(query string) (*http.Response, []byte) {
		res, err := srv.Client().Get(srv.URL + "/api/icons" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}
	res, body := get("?icons=home,star-filled,nope,home&icons=bell")
	var v struct {
		Icons    map[string]media.Icon `json:"icons"`
		NotFound []string              `json:"not_found"`
	}
	if err := json.Unmarshal(body, &v); err != nil || res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if len(v.Icons) != 3 || v.Icons["home"].Width != 24 || !strings.Contains(v.Icons["star-filled"].Body, `fill="currentColor"`) ||
		!slices.Equal(v.NotFound, []string{"nope"}) || v.Icons["bell"].Body == "" {
		t.Fatalf("answer %s", body)
	}
	if !strings.Contains(res.Header.Get("Cache-Control"), "max-age") || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("headers %v", res.Header)
	}
	if !strings.Contains(string(body), `"body":"<g `) {
		t.Fatal("markup escaped for HTML")
	}
	res, body = get("?icons=nope")
	if res.StatusCode != 200 || !strings.Contains(string(body), `"icons":{}`) || !strings.Contains(string(body), `"not_found":["nope"]`) {
		t.Fatalf("unknown only: %s", body)
	}
	for _, q := range []string{"", "?icons=", "?icons=,,", "?icons=" + strings.Repeat("a,", 65) + "b"} {
		if res, _ := get(q); res.StatusCode != 400 {
			t.Errorf("query %q: %d", q, res.StatusCode)
		}
	}
}

func TestGameTile(t *testing.T) {
	tile := media.Tile{Code: "gh_slot_fortune", Name: "Fortune Reels", GameType: 2, Provider: "Gamehall Originals"}
	light := media.GameTile(tile)
	if string(light) != string(media.GameTile(tile)) {
		t.Fatal("not deterministic")
	}
	tile.Dark = true
	dark := media.GameTile(tile)
	if string(light) == string(dark) {
		t.Fatal("dark equals light")
	}
	other := media.GameTile(media.Tile{Code: "gh_keno", Name: "Fortune Reels", GameType: 2})
	if string(other) == string(light) {
		t.Fatal("the code does not seed the colours")
	}
	for gt := 0; gt <= 10; gt++ {
		for _, d := range []bool{false, true} {
			wellFormed(t, "tile", media.GameTile(media.Tile{Code: "x", Name: "A very long game name that needs wrapping onto lines", GameType: gt, Dark: d}))
		}
	}
	evil := media.GameTile(media.Tile{Code: "e", Name: "</text><script>alert(1)</script>&\x00\"'", Provider: "<b>P</b>", GameType: 2})
	wellFormed(t, "escaped tile", evil)
	if strings.Contains(string(evil), "<script") || strings.Contains(string(evil), "<b>") {
		t.Fatalf("markup not escaped: %s", evil)
	}
	for _, n := range []string{"", "财富转轴", "Vòng Quay Tài Lộc Siêu Cấp Vũ Trụ Vô Địch", "Supercalifragilisticexpialidocious"} {
		wellFormed(t, n, media.GameTile(media.Tile{Code: "n", Name: n, GameType: 6}))
	}
	logo := media.ProviderLogo("GP002", "Aurora Gaming", false)
	wellFormed(t, "logo", logo)
	if !strings.Contains(string(logo), ">AG<") || string(logo) == string(media.ProviderLogo("GP002", "Aurora Gaming", true)) {
		t.Fatalf("logo %s", logo)
	}
	wellFormed(t, "logo markup", media.ProviderLogo("GP0", "<&>", true))
}
