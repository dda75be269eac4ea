package games

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/i18n"
)

// Per-provider maintenance windows. A provider is in maintenance while its
// flag is on or while start <= now < end: launches (demo and real money)
// answer 203 with the window and the provider's text in the request
// language, the recall leaves its money there (104), and the catalogue's
// provider entries show maintenance 1.

// Window is a provider's maintenance state in the static provider table.
type Window struct {
	Maintenance        bool
	MaintenanceStartAt int64  // unix microseconds, 0 unset
	MaintenanceEndAt   int64  // unix microseconds, 0 unset
	MaintenanceText    string // JSON object keyed by language
}

// In reports whether the window holds at now.
func (w Window) In(now time.Time) bool {
	t := now.UnixMicro()
	return w.Maintenance || (w.MaintenanceStartAt > 0 && w.MaintenanceEndAt > 0 && w.MaintenanceStartAt <= t && t < w.MaintenanceEndAt)
}

// Maintenance is the data of a maintenance answer (203).
type Maintenance struct {
	GPID    int64  `json:"gp_id"`
	StartAt string `json:"start_at,omitempty"`
	EndAt   string `json:"end_at,omitempty"`
	Text    string `json:"text,omitempty"`
}

func (w Window) answer(gpID int64, lang string) *api.Error {
	return ErrMaintenance.WithData(Maintenance{GPID: gpID, StartAt: formatTime(w.MaintenanceStartAt),
		EndAt: formatTime(w.MaintenanceEndAt), Text: i18n.Pick(w.MaintenanceText, lang)})
}

// ProviderMaintenance is a provider's window as the operator sets and reads it.
type ProviderMaintenance struct {
	GPID        int64             `json:"gp_id"`
	Code        string            `json:"gp_code"`
	Maintenance bool              `json:"maintenance"`
	StartAt     string            `json:"start_at"`
	EndAt       string            `json:"end_at"`
	Text        map[string]string `json:"text"`
	Active      bool              `json:"active_now"` // the window holds now
}

// MaintenanceInput sets a provider's window: the flag, an optional start
// and end (RFC 3339; both or neither) and the text per language.
type MaintenanceInput struct {
	Maintenance bool              `json:"maintenance"`
	StartAt     string            `json:"start_at"`
	EndAt       string            `json:"end_at"`
	Text        map[string]string `json:"text"`
}

// ErrProviderNotFound: no provider of that code in the static table.
var ErrProviderNotFound = api.NewError(api.CodeNotFound, "provider_not_found")

func parseTime(field, v string) (int64, error) {
	if v == "" {
		return 0, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil || t.Unix() <= 0 {
		return 0, api.Bad(field, "must be an RFC 3339 time")
	}
	return t.UTC().UnixMicro(), nil
}

// SetMaintenance changes a provider's window (inside the caller's
// transaction when ctx carries one: the operator's write is audited with
// it).
func (s *Service) SetMaintenance(ctx context.Context, code string, in MaintenanceInput) (ProviderMaintenance, error) {
	start, err := parseTime("start_at", in.StartAt)
	if err != nil {
		return ProviderMaintenance{}, err
	}
	end, err := parseTime("end_at", in.EndAt)
	if err != nil {
		return ProviderMaintenance{}, err
	}
	if (start == 0) != (end == 0) || end < start {
		return ProviderMaintenance{}, api.Bad("end_at", "start_at and end_at come together, the end after the start")
	}
	text := map[string]string{}
	for lang, v := range in.Text {
		if len(lang) > 16 || len(v) > 1000 {
			return ProviderMaintenance{}, api.Bad("text", "languages of at most 16 characters, texts of at most 1000")
		}
		if v != "" {
			text[lang] = v
		}
	}
	raw, err := json.Marshal(text)
	if err != nil {
		return ProviderMaintenance{}, err
	}
	w := Window{Maintenance: in.Maintenance, MaintenanceStartAt: start, MaintenanceEndAt: end, MaintenanceText: string(raw)}
	if err := s.store.setMaintenance(ctx, code, w); err != nil {
		return ProviderMaintenance{}, err
	}
	return s.ProviderMaintenance(ctx, code)
}

// ProviderMaintenance reads a provider's window.
func (s *Service) ProviderMaintenance(ctx context.Context, code string) (ProviderMaintenance, error) {
	id, w, err := s.store.maintenance(ctx, code)
	if err != nil {
		return ProviderMaintenance{}, err
	}
	text := map[string]string{}
	_ = json.Unmarshal([]byte(w.MaintenanceText), &text)
	return ProviderMaintenance{GPID: id, Code: code, Maintenance: w.Maintenance, StartAt: formatTime(w.MaintenanceStartAt),
		EndAt: formatTime(w.MaintenanceEndAt), Text: text, Active: w.In(s.now())}, nil
}

// inMaintenance reports whether the provider of code is in maintenance now.
func (s *Service) inMaintenance(ctx context.Context, code string) (bool, error) {
	_, w, err := s.store.maintenance(ctx, code)
	if errors.Is(err, ErrProviderNotFound) {
		return false, nil
	}
	return err == nil && w.In(s.now()), err
}

// --- store ---

func (s *Store) maintenance(ctx context.Context, code string) (int64, Window, error) {
	var id int64
	var w Window
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, maintenance, maintenance_start_at, maintenance_end_at, maintenance_text_i18n
		FROM providers WHERE code = $1`, code).Scan(&id, &w.Maintenance, &w.MaintenanceStartAt, &w.MaintenanceEndAt, &w.MaintenanceText)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, Window{}, ErrProviderNotFound
	}
	if err != nil {
		return 0, Window{}, fmt.Errorf("provider maintenance: %w", db.MapError(err))
	}
	return id, w, nil
}

func (s *Store) setMaintenance(ctx context.Context, code string, w Window) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE providers SET maintenance = $2, maintenance_start_at = $3,
		maintenance_end_at = $4, maintenance_text_i18n = $5 WHERE code = $1`, code, w.Maintenance, w.MaintenanceStartAt,
		w.MaintenanceEndAt, w.MaintenanceText)
	if err != nil {
		return fmt.Errorf("provider maintenance: %w", db.MapError(err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrProviderNotFound
	}
	return nil
}
