package api_test

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"gamehall/internal/api"
)

// fuzzBody is a request with the shapes handlers decode: an embedded
// struct, pointers, lists, maps, raw JSON and a field with its own cap.
type fuzzBody struct {
	fuzzDevice
	Account string            `json:"account"`
	SiteID  int64             `json:"site_id"`
	Flag    *bool             `json:"flag"`
	Content string            `json:"content" maxlen:"4096"`
	Items   []fuzzItem        `json:"items"`
	Tags    map[string]string `json:"tags"`
	Choices json.RawMessage   `json:"choices"`
	Any     any               `json:"any"`
}

type fuzzDevice struct {
	UDID string `json:"udid"`
}

type fuzzItem struct {
	Name string  `json:"name"`
	N    float64 `json:"n"`
}

var fuzzSeeds = []string{
	``, `{}`, `{"account":"demo001","site_id":1}`, `{"account":"a\u0000b"}`, `{"udid":1}`, `{"udid":"\u0000"}`,
	`{"items":[{"name":"x","n":1.5},{"name":"\u0000"}]}`, `{"tags":{"\u0000":"v","k":"\u0000"}}`,
	`{"choices":{"bet":["\u0000"]}}`, `{"unused":["\u0000"]}`, `{"account":"\\u0000"}`, `{"choices":[1,2,"x"]}`, `{"any":{"deep":[{"x":"\u0000"}]}}`,
	`{"flag":"yes"}`, `{"site_id":"1"}`, `{"site_id":1e400}`, `{"n":1,}`, `{"account":`, `[1]`, `"x"`, `null`,
	`{"account":"x"} {}`, `{"extra":1}`, `{"content":"` + strings.Repeat("a", 4097) + `"}`,
	`{"account":"` + strings.Repeat("é", 1100) + `"}`, `{"account":"\ud800"}`, "{\"account\":\"\xff\"}",
}

// The decoders never panic and never answer a 500: what they accept holds
// no NUL and no string over its cap, and what they refuse is a 400, 413 or
// 415 envelope whose message carries no Go error text or Go type name.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	msgs, err := api.LoadCatalogue()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string, strict bool) {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		decode := api.Decode
		if strict {
			decode = api.DecodeStrict
		}
		var dst fuzzBody
		err := decode(r, &dst)
		if err != nil {
			var e *api.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: not an API error: %v", body, err)
			}
			switch e.Code {
			case api.CodeInvalid, api.CodeTooLarge, api.CodeMediaType:
			default:
				t.Fatalf("%q: code %d", body, e.Code)
			}
			msg := e.Message(msgs, "en_US")
			for _, leak := range []string{"json:", "Go ", "fuzzBody", "fuzzDevice", "unmarshal", "invalid character"} {
				if strings.Contains(msg, leak) {
					t.Fatalf("%q: message %q leaks %q", body, msg, leak)
				}
			}
			return
		}
		walkStrings(t, reflect.ValueOf(dst), api.MaxString)
		var all any
		if json.Unmarshal([]byte(body), &all) == nil && strings.ContainsRune(mustJSONText(all), 0) {
			t.Fatalf("%q: a NUL accepted somewhere in the body", body)
		}
	})
}

func mustJSONText(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				b.WriteString(k)
				walk(x)
			}
		}
	}
	walk(v)
	return b.String()
}

func walkStrings(t *testing.T, v reflect.Value, max int) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		if strings.ContainsRune(v.String(), 0) || len(v.String()) > max {
			t.Fatalf("accepted a string of %d bytes (cap %d) or with a NUL", len(v.String()), max)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkStrings(t, v.Elem(), max)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() != reflect.Uint8 {
			for i := range v.Len() {
				walkStrings(t, v.Index(i), max)
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkStrings(t, it.Key(), api.MaxString)
			walkStrings(t, it.Value(), max)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			fieldMax := api.MaxString
			if f.Tag.Get("maxlen") != "" {
				fieldMax = 4096
			}
			walkStrings(t, v.Field(i), fieldMax)
		}
	}
}
