// Package i18n reads operator text stored per language: a JSON object keyed
// by language code, e.g. {"en_US": "Welcome", "vi_VN": "Chào mừng"}.
package i18n

import "encoding/json"

// DefaultLang is the last fallback of every lookup.
const DefaultLang = "en_US"

// Pick returns the first non-empty text among langs, then en_US, else "".
func Pick(raw string, langs ...string) string {
	if raw == "" || raw == "{}" {
		return ""
	}
	m := map[string]string{}
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return ""
	}
	for _, l := range append(langs, DefaultLang) {
		if v := m[l]; v != "" {
			return v
		}
	}
	return ""
}

// Text builds the stored form from a language map.
func Text(m map[string]string) string {
	raw, _ := json.Marshal(m)
	return string(raw)
}
