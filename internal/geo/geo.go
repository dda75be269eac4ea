// Package geo finds a visitor's country and the language and currency that
// go with it (spec section 9): a country header set by a trusted proxy first,
// then the operator's CIDR table, and the caller falls back to the language.
package geo

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"gamehall/internal/api"
)

// Resolver looks up countries. It is immutable after construction.
type Resolver struct {
	header  string
	trusted []netip.Prefix
	ranges  []cidr
}

type cidr struct {
	prefix  netip.Prefix
	country string
}

// NewResolver believes header only from trusted peers and then looks the
// client address up in table.
func NewResolver(header string, trusted []netip.Prefix, table []Entry) *Resolver {
	r := &Resolver{header: header, trusted: trusted}
	for _, e := range table {
		r.ranges = append(r.ranges, cidr{prefix: e.Prefix.Masked(), country: e.Country})
	}
	// Sorted by first address, longest prefix first among equals, so the
	// search below finds the most specific range that starts at or before an address.
	slices.SortFunc(r.ranges, func(a, b cidr) int {
		if c := a.prefix.Addr().Compare(b.prefix.Addr()); c != 0 {
			return c
		}
		return cmp.Compare(b.prefix.Bits(), a.prefix.Bits())
	})
	return r
}

// Entry is one line of the operator's table.
type Entry struct {
	Prefix  netip.Prefix
	Country string
}

// ParseTable reads "cidr,country" lines; blank lines and # comments are skipped.
func ParseTable(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cidrText, country, ok := strings.Cut(text, ",")
		if !ok {
			return nil, fmt.Errorf("geo table line %d: want cidr,country", line)
		}
		p, err := netip.ParsePrefix(strings.TrimSpace(cidrText))
		if err != nil {
			return nil, fmt.Errorf("geo table line %d: %w", line, err)
		}
		country = strings.ToUpper(strings.TrimSpace(country))
		if len(country) != 2 {
			return nil, fmt.Errorf("geo table line %d: country %q is not a two-letter code", line, country)
		}
		out = append(out, Entry{Prefix: p, Country: country})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("geo table: %w", err)
	}
	return out, nil
}

// Country is the two-letter country of the request, or "" when unknown.
func (g *Resolver) Country(r *http.Request) string {
	if g.header != "" && api.PeerTrusted(r, g.trusted) {
		if c := strings.ToUpper(strings.TrimSpace(r.Header.Get(g.header))); len(c) == 2 && c != "XX" {
			return c
		}
	}
	return g.lookup(api.ClientIP(r.Context()))
}

func (g *Resolver) lookup(a netip.Addr) string {
	if !a.IsValid() || len(g.ranges) == 0 {
		return ""
	}
	i, _ := slices.BinarySearchFunc(g.ranges, a, func(c cidr, t netip.Addr) int {
		if c.prefix.Addr().Compare(t) <= 0 {
			return -1
		}
		return 1
	})
	// ranges[:i] start at or before a; the nearest containing one wins.
	for j := i - 1; j >= 0; j-- {
		if g.ranges[j].prefix.Contains(a) {
			return g.ranges[j].country
		}
		if a.Is4() != g.ranges[j].prefix.Addr().Is4() {
			break
		}
	}
	return ""
}

// countryLanguage is spec section 9 "Country to language".
var countryLanguage = map[string]string{
	"TW": "zh_TW", "CN": "zh_CN", "US": "en_US", "VN": "vi_VN", "LA": "vi_VN", "KR": "ko_KR",
	"JP": "ja_JP", "TH": "th_TH", "IN": "hi_IN", "MM": "my_MM", "TA": "ta_IN", "BD": "bn_BD",
}

// languageCurrency is spec section 9 "Locale to currency".
var languageCurrency = map[string]string{
	"zh_TW": "RMB", "zh_CN": "RMB", "en_US": "USD", "vi_VN": "VND", "ko_KR": "WON", "ja_JP": "JPY",
	"th_TH": "THB", "hi_IN": "INR", "my_MM": "MMK", "ta_IN": "INR", "bn_BD": "BDT",
}

// LanguageForCountry is the language of a country, "" when the spec names none.
func LanguageForCountry(country string) string { return countryLanguage[strings.ToUpper(country)] }

// CurrencyForLanguage is the currency of a language, "" when the spec names none.
func CurrencyForLanguage(lang string) string { return languageCurrency[lang] }

// baseLanguage maps a BCP 47 primary tag to the site language code.
var baseLanguage = map[string]string{
	"zh": "zh_CN", "en": "en_US", "vi": "vi_VN", "ko": "ko_KR", "ja": "ja_JP", "th": "th_TH",
	"hi": "hi_IN", "my": "my_MM", "ta": "ta_IN", "bn": "bn_BD",
}

// LanguageFromAccept is the first language of an Accept-Language header that
// offered accepts, or "". Quality values are ignored beyond their order,
// which browsers already send best first.
func LanguageFromAccept(header string, offered func(string) bool) string {
	for _, part := range strings.Split(header, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.ToLower(strings.ReplaceAll(tag, "_", "-"))
		base, region, _ := strings.Cut(tag, "-")
		lang := baseLanguage[base]
		if base == "zh" && (region == "tw" || region == "hk" || region == "hant" || strings.HasPrefix(region, "hant")) {
			lang = "zh_TW"
		}
		if lang != "" && offered(lang) {
			return lang
		}
	}
	return ""
}
