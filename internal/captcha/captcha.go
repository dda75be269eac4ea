// Package captcha issues image captchas whose answers stay on the server
// (hashed, single use, expiring), and the spec's client captcha.
package captcha

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	dcaptcha "github.com/dchest/captcha"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
)

// Kinds of /captcha (spec section 7).
const (
	KindLogin    = 1
	KindRegister = 2
)

const (
	digits = 4
	ttl    = 5 * time.Minute
	// DevAnswer is every captcha's answer under --dev, so tests and local
	// work can log in; --dev is refused together with --production.
	DevAnswer = "1234"
)

// Failures.
var (
	ErrTooFrequent = api.NewError(101, "captcha_too_frequent")
	ErrWrong       = errors.New("captcha wrong, used or expired")
)

// Service issues and checks captchas.
type Service struct {
	db    *db.DB
	limit *ratelimit.Limiter
	now   func() time.Time
	dev   bool
}

// New returns the service.
func New(d *db.DB, limit *ratelimit.Limiter, now func() time.Time, dev bool) *Service {
	return &Service{db: d, limit: limit, now: now, dev: dev}
}

// Challenge is a new captcha for the client.
type Challenge struct {
	Token       string `json:"token"`
	Captcha     string `json:"captcha"`
	Placeholder string `json:"placeholder"`
}

// Issue creates a captcha of kind for site, limited per client IP.
func (s *Service) Issue(ctx context.Context, siteID int64, kind int, ip string, lang string, placeholder string) (Challenge, error) {
	if kind != KindLogin && kind != KindRegister {
		return Challenge{}, api.Invalid("type", nil)
	}
	ok, err := s.limit.Allow(ctx, "captcha:ip:"+ip, 30, time.Minute)
	if err != nil {
		return Challenge{}, err
	}
	if !ok {
		return Challenge{}, ErrTooFrequent
	}
	answer := s.answer()
	token := secret.NewToken()
	now := s.now()
	_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO captchas (token_hash, site_id, kind, answer_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		secret.HashToken(token), siteID, kind, secret.HashToken(answer), now.Add(ttl).UnixMicro())
	if err != nil {
		return Challenge{}, fmt.Errorf("captcha: %w", db.MapError(err))
	}
	var png bytes.Buffer
	ds := make([]byte, len(answer))
	for i, c := range answer {
		ds[i] = byte(c - '0')
	}
	if _, err := dcaptcha.NewImage(token, ds, 120, 44).WriteTo(&png); err != nil {
		return Challenge{}, fmt.Errorf("captcha image: %w", err)
	}
	return Challenge{Token: token, Captcha: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png.Bytes()),
		Placeholder: placeholder}, nil
}

func (s *Service) answer() string {
	if s.dev {
		return DevAnswer
	}
	var b strings.Builder
	for range digits {
		n, _ := rand.Int(rand.Reader, big.NewInt(10))
		b.WriteByte(byte('0' + n.Int64()))
	}
	return b.String()
}

// Verify spends the captcha token (whatever the answer: one try per image)
// and reports ErrWrong unless it was live, of kind, and answered right.
func (s *Service) Verify(ctx context.Context, token, answer string, kind int) error {
	if token == "" || answer == "" {
		return ErrWrong
	}
	now := s.now().UnixMicro()
	var stored string
	var gotKind int
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE captchas SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
		RETURNING answer_hash, kind`, secret.HashToken(token), now).Scan(&stored, &gotKind)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrWrong
	}
	if err != nil {
		return fmt.Errorf("captcha verify: %w", db.MapError(err))
	}
	if gotKind != kind || !secret.Equal(stored, secret.HashToken(strings.TrimSpace(answer))) {
		return ErrWrong
	}
	return nil
}

// Sweep deletes captchas that expired before now.
func (s *Service) Sweep(ctx context.Context) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM captchas WHERE expires_at < $1`, s.now().UnixMicro())
	if err != nil {
		return fmt.Errorf("captcha sweep: %w", db.MapError(err))
	}
	return nil
}

// ClientChallenge is the spec's /clientCaptcha: an SVG and its text, lightly
// encoded so that the client decodes and checks it locally. It is a speed
// bump against scripted recovery, not a secret: the server-side limits on
// recovery are what protect accounts.
type ClientChallenge struct {
	Text string `json:"text"`
	Data string `json:"data"`
}

// Client makes a client captcha.
func (s *Service) Client() ClientChallenge {
	answer := s.answer()
	var key [4]byte
	_, _ = rand.Read(key[:])
	enc := make([]byte, 0, 4+len(answer))
	enc = append(enc, key[:]...)
	for i := range len(answer) {
		enc = append(enc, answer[i]^key[i%4])
	}
	return ClientChallenge{Text: base64.StdEncoding.EncodeToString(enc), Data: clientSVG(answer)}
}

func clientSVG(text string) string {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44" viewBox="0 0 120 44"><rect width="120" height="44" rx="6" fill="#1a1446"/>`)
	for i := range 5 {
		y1, y2 := randInt(44), randInt(44)
		fmt.Fprintf(&b, `<line x1="0" y1="%d" x2="120" y2="%d" stroke="#%s" stroke-width="1"/>`, y1, y2, []string{"3de1ff", "ff3d7f", "7cff6b", "f5c542", "b18cff"}[i])
	}
	for i, c := range text {
		fmt.Fprintf(&b, `<text x="%d" y="%d" transform="rotate(%d %d 22)" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="#ffd76a">%c</text>`,
			14+i*25, 28+randInt(8), randInt(30)-15, 20+i*25, c)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func randInt(n int64) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(n))
	return int(v.Int64())
}

// Handler serves /captcha and /clientCaptcha.
type Handler struct {
	svc   *Service
	sites interface {
		CheckSite(ctx context.Context, id int64) error
	}
	placeholder func(lang string) string
}

// NewHandler returns the handler; placeholder gives the input hint per language.
func NewHandler(svc *Service, sites interface {
	CheckSite(ctx context.Context, id int64) error
}, placeholder func(lang string) string) *Handler {
	return &Handler{svc: svc, sites: sites, placeholder: placeholder}
}

// Routes registers the endpoints.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/captcha", h.issue)
	r.Post("/api/clientCaptcha", h.client)
}

func (h *Handler) issue(r *http.Request) (any, error) {
	var b struct {
		Type   int   `json:"type"`
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if err := h.sites.CheckSite(r.Context(), b.SiteID); err != nil {
		return nil, err
	}
	if b.Type != KindLogin && b.Type != KindRegister {
		return nil, api.Invalid("type", nil)
	}
	lang := api.Lang(r.Context())
	return h.svc.Issue(r.Context(), b.SiteID, b.Type, api.ClientIP(r.Context()).String(), lang, h.placeholder(lang))
}

func (h *Handler) client(r *http.Request) (any, error) {
	var b struct{}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.svc.Client(), nil
}
