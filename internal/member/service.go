// Package member holds members: register settings, registration, login,
// sessions and tokens, double validation, recovery and profile.
package member

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
)

// Sites is what members need to know about sites.
type Sites interface {
	CheckSite(ctx context.Context, id int64) error
	Currencies(ctx context.Context, siteID int64) (codes []string, def string, err error)
	DemoMode(ctx context.Context, siteID int64) (bool, error)
}

// Captchas checks captcha answers.
type Captchas interface {
	Verify(ctx context.Context, token, answer string, kind int) error
}

// Codes sends and checks SMS codes.
type Codes interface {
	SendCode(ctx context.Context, siteID int64, phone, purpose, ip, lang string, text func(code string) string) error
	VerifyCode(ctx context.Context, siteID int64, phone, purpose, code string) error
}

// Publisher sends real-time events to a member's private channel.
type Publisher interface {
	PublishMember(memberID int64, event string, data map[string]any)
	DisconnectMember(memberID int64)
}

// Service holds the member rules.
type Service struct {
	db       *db.DB
	store    *Store
	sites    Sites
	captchas Captchas
	codes    Codes
	limit    *ratelimit.Limiter
	pub      Publisher
	now      func() time.Time
	hash     secret.Params
	msgs     func(lang, key string) string
	// dummyHash is checked when an account does not exist, so that both
	// paths of a login cost one argon2id evaluation.
	dummyHash string
}

// Deps are the collaborators of the service.
type Deps struct {
	DB       *db.DB
	Sites    Sites
	Captchas Captchas
	Codes    Codes
	Limit    *ratelimit.Limiter
	Pub      Publisher
	Now      func() time.Time
	Hash     secret.Params
	Messages func(lang, key string) string
}

// NewService returns the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: NewStore(d.DB), sites: d.Sites, captchas: d.Captchas, codes: d.Codes, limit: d.Limit,
		pub: d.Pub, now: d.Now, hash: d.Hash, msgs: d.Messages,
		dummyHash: secret.HashPassword("\x00no-such-account\x00", d.Hash)}
}

// Meta is what the server knows of the caller.
type Meta struct {
	IP        string
	Country   string
	UserAgent string
	Lang      string
	Host      string
}

// device is the fingerprint a device is trusted by: the native app's udid
// when there is one, else the browser's user agent.
func device(udid, userAgent string) string {
	src := "ua:" + userAgent
	if udid != "" {
		src = "udid:" + udid
	}
	sum := sha256.Sum256([]byte(src))
	return hex.EncodeToString(sum[:16])
}

// LoginData is the login response of spec section 3.
type LoginData struct {
	MemberID       int64  `json:"member_id"`
	MemberAccount  string `json:"member_account"`
	MemberCurrency string `json:"member_currency"`
	MemberLoginID  string `json:"member_login_id"`
	Token          string `json:"token"`
}

// startSession revokes the member's other sessions, opens a new one, trusts
// the device, and tells the member's other browsers they were logged out.
func (s *Service) startSession(ctx context.Context, tx *sql.Tx, m Member, dev, ip string, now time.Time) (LoginData, error) {
	token := secret.NewToken()
	id, err := s.store.InsertSession(ctx, tx, m.ID, secret.HashToken(token), dev, ip, now.UnixMicro())
	if err != nil {
		return LoginData{}, err
	}
	if err := s.store.Trust(ctx, tx, m.ID, dev, now.UnixMicro()); err != nil {
		return LoginData{}, err
	}
	return LoginData{MemberID: m.ID, MemberAccount: m.Account, MemberCurrency: m.Currency,
		MemberLoginID: strconv.FormatInt(id, 10), Token: token}, nil
}

// announceLogin publishes the login event after commit: old browsers compare
// the fingerprint with their own token and log out with a warning.
func (s *Service) announceLogin(memberID int64, token string) {
	if s.pub == nil {
		return
	}
	s.pub.PublishMember(memberID, "login", map[string]any{"token_fingerprint": TokenFingerprint(token)})
}

// TokenFingerprint identifies a token on the real-time channel without
// revealing it: the first 16 hex digits of its SHA-256.
func TokenFingerprint(token string) string { return secret.HashToken(token)[:16] }

// newRecommendCode is 8 characters from an alphabet without look-alikes.
func newRecommendCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 8)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		b[i] = alphabet[n.Int64()]
	}
	return string(b)
}

// ErrDemoMode refuses login, registration and recovery on a site in demo
// mode (spec section 1).
var ErrDemoMode = api.NewError(205, "member_disabled_demo_mode")

// open checks the site exists and is not in demo mode.
func (s *Service) open(ctx context.Context, siteID int64) error {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return err
	}
	demo, err := s.sites.DemoMode(ctx, siteID)
	if err != nil {
		return err
	}
	if demo {
		return ErrDemoMode
	}
	return nil
}

// Principal is the authenticated caller.
type Principal struct {
	MemberID  int64
	SiteID    int64
	SessionID int64
	Currency  string
	Account   string
}

// Token timing: a token is rotated after RotateAfter; the replaced token
// keeps working for Grace so concurrent requests do not fail.
const (
	RotateAfter = 30 * time.Minute
	Grace       = 2 * time.Minute
	touchEvery  = time.Minute
)

// ErrUnauthorized is every reason a token is not accepted.
var ErrUnauthorized = api.ErrUnauthorized

// Authenticate checks a bearer token: live, not idle past the site's limit.
// It returns a replacement token when the current one is due for rotation.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, string, error) {
	if token == "" || len(token) > 200 {
		return Principal{}, "", ErrUnauthorized
	}
	now := s.now()
	hash := secret.HashToken(token)
	ss, err := s.store.SessionByToken(ctx, hash, now.UnixMicro())
	if errors.Is(err, db.ErrNotFound) {
		return Principal{}, "", ErrUnauthorized
	}
	if err != nil {
		return Principal{}, "", err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return Principal{}, "", err
	}
	if m.Status != "active" {
		_ = s.store.Revoke(ctx, ss.ID, now.UnixMicro())
		return Principal{}, "", ErrUnauthorized
	}
	settings, err := s.store.Settings(ctx, m.SiteID)
	if err != nil {
		return Principal{}, "", err
	}
	idle := time.Duration(settings.SessionIdleMinutes) * time.Minute
	if now.Sub(time.UnixMicro(ss.LastSeenAt)) > idle {
		_ = s.store.Revoke(ctx, ss.ID, now.UnixMicro())
		return Principal{}, "", ErrUnauthorized
	}
	p := Principal{MemberID: m.ID, SiteID: m.SiteID, SessionID: ss.ID, Currency: m.Currency, Account: m.Account}
	if ss.Current && now.Sub(time.UnixMicro(ss.RotatedAt)) > RotateAfter {
		fresh := secret.NewToken()
		ok, err := s.store.Rotate(ctx, ss.ID, hash, secret.HashToken(fresh), now.UnixMicro(), now.Add(Grace).UnixMicro())
		if err != nil {
			return Principal{}, "", err
		}
		if ok {
			return p, fresh, nil
		}
	}
	if now.Sub(time.UnixMicro(ss.LastSeenAt)) > touchEvery {
		if err := s.store.Touch(ctx, ss.ID, now.UnixMicro()); err != nil {
			return Principal{}, "", err
		}
	}
	return p, "", nil
}

// Logout ends the caller's session.
func (s *Service) Logout(ctx context.Context, p Principal) error {
	return s.store.Revoke(ctx, p.SessionID, s.now().UnixMicro())
}

// siteCurrency checks that currency is open on the site.
func (s *Service) siteCurrency(ctx context.Context, siteID int64, currency string) error {
	codes, _, err := s.sites.Currencies(ctx, siteID)
	if err != nil {
		return err
	}
	for _, c := range codes {
		if c == currency {
			return nil
		}
	}
	return ErrCurrencyNotOpen
}

func (s *Service) msg(lang, key string) string {
	if s.msgs == nil {
		return key
	}
	return s.msgs(lang, key)
}

// SendRegisterSMS is /register/sms: a phone verification code for registration.
func (s *Service) SendRegisterSMS(ctx context.Context, siteID int64, phone, currency string, meta Meta) error {
	if err := s.open(ctx, siteID); err != nil {
		return err
	}
	return s.codes.SendCode(ctx, siteID, phone, "register_member", meta.IP, meta.Lang, func(code string) string {
		return fmt.Sprintf(s.msg(meta.Lang, "sms_register_text"), code)
	})
}

// Sweep deletes expired login and recovery state; the janitor calls it.
func (s *Service) Sweep(ctx context.Context) error { return s.store.Sweep(ctx, s.now().UnixMicro()) }
