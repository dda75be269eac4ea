package api_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"testing"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// A database that could not take the work in time (SQLite's busy timeout,
// a PostgreSQL serialization failure or deadlock) answers 503 with a retry
// hint: never a 500, never a business code.
func TestBusyIsRetryable(t *testing.T) {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(msgs, slog.New(slog.DiscardHandler))
	r := httptest.NewRequest("POST", "/api/register", nil)
	w := httptest.NewRecorder()
	a.WriteError(w, r, fmt.Errorf("register: insert member: %w", db.ErrBusy))
	var env struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	if w.Code != 503 || env.Code != 503 || w.Header().Get("Retry-After") == "" || env.Message == "" {
		t.Fatalf("http %d code %d %q retry-after %q", w.Code, env.Code, env.Message, w.Header().Get("Retry-After"))
	}
}
