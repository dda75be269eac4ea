package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"gamehall/internal/api"
)

// A shared answer is one envelope per language, sent gzipped to clients that
// take gzip once it is worth it, plain to the others.
func TestSharedAnswers(t *testing.T) {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(msgs, slog.New(slog.DiscardHandler))
	big := api.NewShared([]byte(`{"list":"` + strings.Repeat("game ", 400) + `"}`))
	small := api.NewShared([]byte(`{"ok":1}`))

	call := func(t *testing.T, data *api.Shared, lang, acceptEncoding string) (*httptest.ResponseRecorder, map[string]any) {
		t.Helper()
		r := httptest.NewRequest("POST", "/api/x", nil)
		r = r.WithContext(api.WithLang(r.Context(), lang))
		if acceptEncoding != "" {
			r.Header.Set("Accept-Encoding", acceptEncoding)
		}
		w := httptest.NewRecorder()
		a.WriteOK(w, r, data)
		body := w.Body.Bytes()
		if w.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		var env map[string]any
		if err := json.Unmarshal(body, &env); err != nil {
			t.Fatalf("envelope %q: %v", body, err)
		}
		return w, env
	}

	for _, tc := range []struct {
		name, accept string
		data         *api.Shared
		gzipped      bool
	}{
		{"gzip taken", "gzip, deflate, br", big, true},
		{"gzip with a weight", "br;q=1.0, gzip;q=0.5", big, true},
		{"gzip refused", "gzip;q=0", big, false},
		{"no gzip asked", "", big, false},
		{"too small to compress", "gzip", small, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, env := call(t, tc.data, "en_US", tc.accept)
			if got := w.Header().Get("Content-Encoding") == "gzip"; got != tc.gzipped {
				t.Fatalf("gzipped %v, want %v", got, tc.gzipped)
			}
			if w.Header().Get("Vary") != "Accept-Encoding" {
				t.Fatalf("Vary %q", w.Header().Get("Vary"))
			}
			if w.Header().Get("Content-Length") != "" && w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
				t.Fatalf("Content-Length %s for %d bytes", w.Header().Get("Content-Length"), w.Body.Len())
			}
			if env["code"] != 100.0 || env["data"] == nil {
				t.Fatalf("envelope %v", env)
			}
		})
	}

	t.Run("each language its own message", func(t *testing.T) {
		_, en := call(t, big, "en_US", "gzip")
		_, zh := call(t, big, "zh_CN", "gzip")
		if en["message"] == zh["message"] {
			t.Fatalf("same message in both languages: %v", en["message"])
		}
		_, again := call(t, big, "en_US", "")
		if again["message"] != en["message"] {
			t.Fatalf("plain %v, gzipped %v", again["message"], en["message"])
		}
	})
}
