// Package sms sends verification codes through a Provider. The built-in
// provider is an outbox table an operator can read (and --dev shows at a
// dev-only endpoint); a carrier integration implements the same interface.
package sms

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
)

// Provider delivers one text message.
type Provider interface {
	Send(ctx context.Context, siteID int64, phone, body string) error
}

// Outbox is the built-in provider: messages are rows of sms_outbox.
type Outbox struct {
	db  *db.DB
	now func() time.Time
}

// NewOutbox returns the outbox provider.
func NewOutbox(d *db.DB, now func() time.Time) *Outbox { return &Outbox{db: d, now: now} }

// Send stores the message.
func (o *Outbox) Send(ctx context.Context, siteID int64, phone, body string) error {
	_, err := o.db.ExecContext(ctx, `INSERT INTO sms_outbox (site_id, phone, body, created_at) VALUES ($1, $2, $3, $4)`,
		siteID, phone, body, o.now().UnixMicro())
	if err != nil {
		return fmt.Errorf("sms outbox: %w", db.MapError(err))
	}
	return nil
}

// Message is one outbox row.
type Message struct {
	ID        int64  `json:"id"`
	Phone     string `json:"phone"`
	Body      string `json:"body"`
	CreatedAt string `json:"created_at"`
}

// Latest lists the newest outbox messages, optionally for one phone.
func (o *Outbox) Latest(ctx context.Context, phone string, limit int) ([]Message, error) {
	return db.Query(ctx, o.db, `SELECT id, phone, body, created_at FROM sms_outbox WHERE ($1 = '' OR phone = $1)
		ORDER BY id DESC LIMIT $2`, func(r *sql.Rows, m *Message) error {
		var at int64
		if err := r.Scan(&m.ID, &m.Phone, &m.Body, &at); err != nil {
			return err
		}
		m.CreatedAt = time.UnixMicro(at).UTC().Format(time.RFC3339)
		return nil
	}, phone, limit)
}

// Spec codes of the SMS send call (section 8).
var (
	ErrPhoneInvalid = api.NewError(99, "sms_phone_invalid")
	ErrTooSoon      = api.NewError(102, "sms_too_soon")
	ErrNoCredits    = api.NewError(103, "sms_no_credits")
	ErrContactCS    = api.NewError(104, "sms_contact_cs")
	ErrPhoneBlank   = api.NewError(201, "sms_phone_blank")
	// ErrCodeWrong is a wrong, used or expired verification code.
	ErrCodeWrong = errors.New("sms code wrong, used or expired")
)

// Limits of code sending and checking.
const (
	ResendInterval = 5 * time.Minute
	CodeTTL        = 10 * time.Minute
	MaxAttempts    = 5
	DailyPerPhone  = 10
	HourlyPerIP    = 20
)

// Service sends and checks codes.
type Service struct {
	db       *db.DB
	provider Provider
	limit    *ratelimit.Limiter
	now      func() time.Time
}

// NewService returns the service.
func NewService(d *db.DB, p Provider, limit *ratelimit.Limiter, now func() time.Time) *Service {
	return &Service{db: d, provider: p, limit: limit, now: now}
}

// SendCode sends a 6-digit code for purpose to phone. The site pays one
// credit per message; an empty balance is code 103.
func (s *Service) SendCode(ctx context.Context, siteID int64, phone, purpose, ip, lang string, text func(code string) string) error {
	code, err := s.issue(ctx, siteID, phone, purpose, ip, true)
	if err != nil {
		return err
	}
	return s.provider.Send(ctx, siteID, strings.TrimSpace(phone), text(code))
}

// Decoy answers exactly as SendCode would, with the same limits and the
// same resend interval, but sends nothing, spends no credit and stores a
// code that is already spent. Callers use it where sending or not would reveal
// whether an account and phone match (forgotten password).
func (s *Service) Decoy(ctx context.Context, siteID int64, phone, purpose, ip string) error {
	_, err := s.issue(ctx, siteID, phone, purpose, ip, false)
	return err
}

// issue checks the phone and the limits and stores a new code; spend takes
// a credit (a decoy only requires one to be left).
func (s *Service) issue(ctx context.Context, siteID int64, phone, purpose, ip string, spend bool) (string, error) {
	phone = strings.TrimSpace(phone)
	if phone == "" {
		return "", ErrPhoneBlank
	}
	if !digitsOnly(phone) || len(phone) < 6 || len(phone) > 20 {
		return "", ErrPhoneInvalid
	}
	now := s.now()
	var last sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT MAX(created_at) FROM sms_codes WHERE site_id = $1 AND phone = $2 AND purpose = $3`,
		siteID, phone, purpose).Scan(&last); err != nil {
		return "", fmt.Errorf("sms: %w", db.MapError(err))
	}
	if last.Valid && now.Sub(time.UnixMicro(last.Int64)) < ResendInterval {
		return "", ErrTooSoon
	}
	if ok, err := s.limit.Allow(ctx, "sms:phone:"+phone, DailyPerPhone, 24*time.Hour); err != nil {
		return "", err
	} else if !ok {
		return "", ErrContactCS
	}
	if ok, err := s.limit.Allow(ctx, "sms:ip:"+ip, HourlyPerIP, time.Hour); err != nil {
		return "", err
	} else if !ok {
		return "", ErrContactCS
	}
	code := newCode()
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		credit := `UPDATE member_settings SET sms_credits = sms_credits - 1 WHERE site_id = $1 AND sms_credits > 0`
		if !spend {
			credit = `UPDATE member_settings SET sms_credits = sms_credits WHERE site_id = $1 AND sms_credits > 0`
		}
		res, err := tx.ExecContext(ctx, credit, siteID)
		if err != nil {
			return fmt.Errorf("sms credits: %w", db.MapError(err))
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNoCredits
		}
		// A decoy is stored already spent: it counts for the resend interval
		// but never shadows a real code of the same phone.
		var usedAt sql.NullInt64
		if !spend {
			usedAt = sql.NullInt64{Int64: now.UnixMicro(), Valid: true}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO sms_codes (site_id, phone, purpose, code_hash, created_at, expires_at, used_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, siteID, phone, purpose, secret.HashToken(code), now.UnixMicro(),
			now.Add(CodeTTL).UnixMicro(), usedAt)
		if err != nil {
			return fmt.Errorf("sms code: %w", db.MapError(err))
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return code, nil
}

// VerifyCode spends the newest live code for phone and purpose when code
// matches it; each code takes at most MaxAttempts guesses.
func (s *Service) VerifyCode(ctx context.Context, siteID int64, phone, purpose, code string) error {
	now := s.now().UnixMicro()
	var id int64
	var hash string
	err := s.db.QueryRowContext(ctx, `UPDATE sms_codes SET attempts = attempts + 1
		WHERE id = (SELECT id FROM sms_codes WHERE site_id = $1 AND phone = $2 AND purpose = $3 AND used_at IS NULL
			AND expires_at > $4 ORDER BY created_at DESC LIMIT 1) AND attempts < $5
		RETURNING id, code_hash`, siteID, phone, purpose, now, MaxAttempts).Scan(&id, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrCodeWrong
	}
	if err != nil {
		return fmt.Errorf("sms verify: %w", db.MapError(err))
	}
	if !secret.Equal(hash, secret.HashToken(strings.TrimSpace(code))) {
		return ErrCodeWrong
	}
	res, err := s.db.ExecContext(ctx, `UPDATE sms_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
	if err != nil {
		return fmt.Errorf("sms verify: %w", db.MapError(err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrCodeWrong
	}
	return nil
}

// Sweep deletes codes that expired a day ago or more.
func (s *Service) Sweep(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sms_codes WHERE expires_at < $1`, s.now().Add(-24*time.Hour).UnixMicro())
	if err != nil {
		return fmt.Errorf("sms sweep: %w", db.MapError(err))
	}
	return nil
}

func newCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}

func digitsOnly(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// DevHandler serves GET /api/dev/sms-outbox?phone= (registered only with --dev).
func DevHandler(o *Outbox) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		msgs, err := o.Latest(r.Context(), r.URL.Query().Get("phone"), 20)
		if err != nil {
			return nil, err
		}
		return map[string][]Message{"list": msgs}, nil
	}
}
