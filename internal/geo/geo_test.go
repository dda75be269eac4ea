package geo

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"gamehall/internal/api"
)

const table = `# operator table
203.0.113.0/24,vn
198.51.100.0/24,TH
198.51.100.128/25,JP
2001:db8::/32,KR
`

func TestCountry(t *testing.T) {
	entries, err := ParseTable(strings.NewReader(table))
	if err != nil {
		t.Fatal(err)
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	g := NewResolver("CF-IPCountry", trusted, entries)
	cases := []struct {
		name, peer, header, xff, want string
	}{
		{"trusted proxy header wins", "10.0.0.1:1", "cn", "203.0.113.9", "CN"},
		{"untrusted header ignored, peer looked up", "203.0.113.7:1", "CN", "", "VN"},
		{"trusted proxy without header: forwarded address looked up", "10.0.0.1:1", "", "203.0.113.9", "VN"},
		{"most specific range", "198.51.100.200:1", "", "", "JP"},
		{"enclosing range", "198.51.100.5:1", "", "", "TH"},
		{"ipv6", "[2001:db8::1]:1", "", "", "KR"},
		{"unknown address", "192.0.2.1:1", "", "", ""},
		{"XX header means unknown", "10.0.0.1:1", "XX", "192.0.2.1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/visitor", nil)
			r.RemoteAddr = c.peer
			if c.header != "" {
				r.Header.Set("CF-IPCountry", c.header)
			}
			if c.xff != "" {
				r.Header.Set("X-Forwarded-For", c.xff)
			}
			var got string
			capture := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = g.Country(r) })
			api.RequestContext(func(string) bool { return true }, trusted)(capture).ServeHTTP(httptest.NewRecorder(), r)
			if got != c.want {
				t.Fatalf("country = %q, want %q", got, c.want)
			}
		})
	}
}

func TestParseTableRejectsBadLines(t *testing.T) {
	for _, bad := range []string{"10.0.0.0/8", "nonsense,US", "10.0.0.0/8,USA"} {
		if _, err := ParseTable(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: want error", bad)
		}
	}
}

func TestSpecMaps(t *testing.T) {
	if LanguageForCountry("la") != "vi_VN" || LanguageForCountry("TA") != "ta_IN" || LanguageForCountry("FR") != "" {
		t.Fatal("country to language map differs from spec section 9")
	}
	if CurrencyForLanguage("zh_TW") != "RMB" || CurrencyForLanguage("ko_KR") != "WON" || CurrencyForLanguage("ta_IN") != "INR" {
		t.Fatal("language to currency map differs from spec section 9")
	}
}

func TestLanguageFromAccept(t *testing.T) {
	all := func(string) bool { return true }
	noVN := func(l string) bool { return l != "vi_VN" }
	cases := []struct {
		header string
		ok     func(string) bool
		want   string
	}{
		{"vi-VN,vi;q=0.9,en;q=0.8", all, "vi_VN"},
		{"vi-VN,en;q=0.8", noVN, "en_US"},
		{"zh-TW,zh;q=0.9", all, "zh_TW"},
		{"zh-Hant-HK", all, "zh_TW"},
		{"zh-CN", all, "zh_CN"},
		{"fr-FR,de", all, ""},
		{"", all, ""},
	}
	for _, c := range cases {
		if got := LanguageFromAccept(c.header, c.ok); got != c.want {
			t.Errorf("%q: got %q want %q", c.header, got, c.want)
		}
	}
}
