// Package member holds members: register settings, registration, login,
// sessions and tokens, double validation, recovery and profile.
package member

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// Sites is what members need to know about sites.
type Sites interface {
	CheckSite(ctx context.Context, id int64) error
	Currencies(ctx context.Context, siteID int64) (codes []string, def string, err error)
	Languages(ctx context.Context, siteID int64) ([]string, error)
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
	// Decoy answers as SendCode would, with the same limits, sending nothing.
	Decoy(ctx context.Context, siteID int64, phone, purpose, ip string) error
}

// Publisher sends real-time events to a member's private channel and closes
// the real-time connections of sessions that ended, on every node.
type Publisher interface {
	PublishMember(memberID int64, event string, data map[string]any)
	// EndSession closes the connections of one session.
	EndSession(memberID, sessionID int64)
	// EndOtherSessions closes the member's connections except those of
	// session keep (0: all); replaced says a new login ended them.
	EndOtherSessions(memberID, keep int64, replaced bool)
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
	if err := phoneRule(phone, currency); err != nil {
		return err
	}
	return s.codes.SendCode(ctx, siteID, phone, "register_member", meta.IP, meta.Lang, func(code string) string {
		return fmt.Sprintf(s.msg(meta.Lang, "sms_register_text"), code)
	})
}

// phoneRule applies registration's phone rule (spec section 5: digits only,
// exactly 10 for VND) before a code is sent: 201 blank, 99 invalid.
func phoneRule(phone, currency string) error {
	phone = strings.TrimSpace(phone)
	if phone == "" {
		return sms.ErrPhoneBlank
	}
	if e := CheckPhone(phone, currency, true); e != "" {
		return sms.ErrPhoneInvalid.With(e)
	}
	return nil
}

// Sweep deletes expired login and recovery state; the janitor calls it.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now()
	return s.store.Sweep(ctx, now.UnixMicro(), now.Add(-pendingKeep).UnixMicro())
}
