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
	_, err := o.db.Q(ctx).ExecContext(ctx, `INSERT INTO sms_outbox (site_id, phone, body, created_at) VALUES ($1, $2, $3, $4)`,
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

// List lists outbox messages newest first: of one site (every site when 0),
// for one phone (every phone when empty), with an id below beforeID (all
// when 0). The bodies hold verification codes: the answer is for the
// operator only and never logged.
func (o *Outbox) List(ctx context.Context, siteID int64, phone string, beforeID int64, limit int) (api.Page[Message], error) {
	list, err := db.Query(ctx, o.db.Q(ctx), `SELECT id, phone, body, created_at FROM sms_outbox
		WHERE (CAST($1 AS BIGINT) = 0 OR site_id = CAST($1 AS BIGINT)) AND ($2 = '' OR phone = $2)
		AND (CAST($3 AS BIGINT) = 0 OR id < CAST($3 AS BIGINT)) ORDER BY id DESC LIMIT $4`,
		func(r *sql.Rows, m *Message) error {
			var at int64
			if err := r.Scan(&m.ID, &m.Phone, &m.Body, &at); err != nil {
				return err
			}
			m.CreatedAt = api.FormatTime(at)
			return nil
		}, siteID, phone, beforeID, limit)
	if err != nil {
		return api.Page[Message]{}, err
	}
	return api.PageOf(list, limit, func(m Message) int64 { return m.ID }), nil
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
	code := newCode()
	// One transaction: the resend claim, the caps, the credit and the code
	// commit together, or nothing does.
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.claimResend(ctx, siteID, phone, purpose, now); err != nil {
			return err
		}
		if ok, err := s.limit.Allow(ctx, "sms:phone:"+phone, DailyPerPhone, 24*time.Hour); err != nil {
			return err
		} else if !ok {
			return ErrContactCS
		}
		if ok, err := s.limit.Allow(ctx, "sms:ip:"+ip, HourlyPerIP, time.Hour); err != nil {
			return err
		} else if !ok {
			return ErrContactCS
		}
		credit := `UPDATE sms_credits SET credits = credits - 1 WHERE site_id = $1 AND credits > 0`
		if !spend {
			credit = `UPDATE sms_credits SET credits = credits WHERE site_id = $1 AND credits > 0`
		}
		res, err := s.db.Q(ctx).ExecContext(ctx, credit, siteID)
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
		_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sms_codes (site_id, phone, purpose, code_hash, created_at, expires_at, used_at)
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
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE sms_codes SET attempts = attempts + 1
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
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sms_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
	if err != nil {
		return fmt.Errorf("sms verify: %w", db.MapError(err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrCodeWrong
	}
	return nil
}

// claimResend takes the phone's send slot for purpose: one conditional
// upsert, so of any number of concurrent sends within ResendInterval exactly
// one gets it (the others answer 102).
func (s *Service) claimResend(ctx context.Context, siteID int64, phone, purpose string, now time.Time) error {
	var at int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO sms_throttle (site_id, phone, purpose, last_sent_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (site_id, phone, purpose) DO UPDATE SET last_sent_at = $4 WHERE sms_throttle.last_sent_at <= $5
		RETURNING last_sent_at`, siteID, phone, purpose, now.UnixMicro(), now.Add(-ResendInterval).UnixMicro()).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrTooSoon
	}
	if err != nil {
		return fmt.Errorf("sms resend: %w", db.MapError(err))
	}
	return nil
}

// Credits is the site's SMS credit balance (0 when it has none).
func (s *Service) Credits(ctx context.Context, siteID int64) (int64, error) {
	var n int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT credits FROM sms_credits WHERE site_id = $1`, siteID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sms credits: %w", db.MapError(err))
	}
	return n, nil
}

// MaxCredits bounds an operator's credit balance.
const MaxCredits = 1_000_000_000

// SetCredits sets the site's SMS credit balance.
func (s *Service) SetCredits(ctx context.Context, siteID, credits int64) error {
	if credits < 0 || credits > MaxCredits {
		return api.Bad("sms_credits", fmt.Sprintf("must be between 0 and %d", MaxCredits))
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sms_credits (site_id, credits) VALUES ($1, $2)
		ON CONFLICT (site_id) DO UPDATE SET credits = $2`, siteID, credits)
	if err != nil {
		return fmt.Errorf("sms credits: %w", db.MapError(err))
	}
	return nil
}

// Sweep deletes codes that expired a day ago or more and resend slots past their interval.
func (s *Service) Sweep(ctx context.Context) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sms_codes WHERE expires_at < $1`, s.now().Add(-24*time.Hour).UnixMicro())
	if err != nil {
		return fmt.Errorf("sms sweep: %w", db.MapError(err))
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sms_throttle WHERE last_sent_at < $1`, s.now().Add(-ResendInterval).UnixMicro())
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
		page, err := o.List(r.Context(), 0, r.URL.Query().Get("phone"), 0, 20)
		if err != nil {
			return nil, err
		}
		return map[string][]Message{"list": page.List}, nil
	}
}
