// Package tracking records ad-pixel events (/api/fb_tracking) for the
// operator's conversion reporting. Personal data is stored only hashed.
package tracking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// Service stores events.
type Service struct {
	db     *db.DB
	now    func() time.Time
	siteID int64
}

// New returns the service for the configured site.
func New(d *db.DB, now func() time.Time, siteID int64) *Service {
	return &Service{db: d, now: now, siteID: siteID}
}

// Event is the spec's body: eventName, eventTime, eventID, userData, customData.
type Event struct {
	EventName  string            `json:"eventName"`
	EventTime  int64             `json:"eventTime"`
	EventID    string            `json:"eventID"`
	UserData   map[string]any    `json:"userData"`
	CustomData map[string]any    `json:"customData"`
	Extra      map[string]string `json:"-"`
}

var (
	reName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,49}$`)
	reHex  = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// personal are the userData keys that identify a person; they are hashed
// (lower-cased and trimmed first, as ad platforms expect) unless already.
var personal = map[string]bool{"em": true, "ph": true, "fn": true, "ln": true, "db": true, "external_id": true}

// Record stores one event once per event id (a retried call is a no-op).
func (s *Service) Record(ctx context.Context, e Event) error {
	if !reName.MatchString(e.EventName) {
		return api.Invalid("eventName", nil)
	}
	if e.EventID == "" || len(e.EventID) > 100 {
		return api.Invalid("eventID", nil)
	}
	if e.EventTime <= 0 {
		e.EventTime = s.now().Unix()
	}
	for k, v := range e.UserData {
		if str, ok := v.(string); ok && personal[k] {
			norm := strings.ToLower(strings.TrimSpace(str))
			if !reHex.MatchString(norm) {
				sum := sha256.Sum256([]byte(norm))
				e.UserData[k] = hex.EncodeToString(sum[:])
			}
		}
	}
	payload, _ := json.Marshal(map[string]any{"userData": e.UserData, "customData": e.CustomData})
	if len(payload) > 8<<10 {
		return api.Invalid("userData", nil)
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO fb_events (site_id, event_name, event_id, event_time, payload, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (site_id, event_id) DO NOTHING`,
		s.siteID, e.EventName, e.EventID, e.EventTime, string(payload), s.now().UnixMicro())
	if err != nil {
		return fmt.Errorf("tracking: %w", db.MapError(err))
	}
	return nil
}

// Handler serves POST /api/fb_tracking.
func (s *Service) Handler() api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		var e Event
		if err := api.Decode(r, &e); err != nil {
			return nil, err
		}
		return api.Done(s.Record(r.Context(), e))
	}
}
