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

// LoginData is the login response of spec section 3.
type LoginData struct {
	MemberID       int64  `json:"member_id"`
	MemberAccount  string `json:"member_account"`
	MemberCurrency string `json:"member_currency"`
	MemberLoginID  string `json:"member_login_id"`
	Token          string `json:"token"`
	sessionID      int64
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
		MemberLoginID: strconv.FormatInt(id, 10), Token: token, sessionID: id}, nil
}

// announceLogin publishes the login event after commit (old browsers compare
// the fingerprint with their own token and log out with a warning), then
// closes the real-time connections of the sessions the login revoked.
func (s *Service) announceLogin(out LoginData) {
	if s.pub == nil {
		return
	}
	s.pub.PublishMember(out.MemberID, "login", map[string]any{"token_fingerprint": TokenFingerprint(out.Token)})
	s.pub.EndOtherSessions(out.MemberID, out.sessionID, true)
}

// endSessions closes the real-time connections of every session of the
// member but keep (0: all), after their tokens died with a password change.
func (s *Service) endSessions(memberID, keep int64) {
	if s.pub != nil {
		s.pub.EndOtherSessions(memberID, keep, false)
	}
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
	if _, live, err := s.liveUntil(ctx, m, ss, now); err != nil {
		return Principal{}, "", err
	} else if !live {
		_ = s.store.Revoke(ctx, ss.ID, now.UnixMicro())
		if s.pub != nil {
			s.pub.EndSession(m.ID, ss.ID)
		}
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

// liveUntil reports whether session ss of member m is live at now (member
// active, not idle past the site's limit) and when it goes idle.
func (s *Service) liveUntil(ctx context.Context, m Member, ss Session, now time.Time) (time.Time, bool, error) {
	if m.Status != "active" {
		return time.Time{}, false, nil
	}
	settings, err := s.store.Settings(ctx, m.SiteID)
	if err != nil {
		return time.Time{}, false, err
	}
	until := time.UnixMicro(ss.LastSeenAt).Add(time.Duration(settings.SessionIdleMinutes) * time.Minute)
	return until, !now.After(until), nil
}

// ConnectionSession checks a real-time connection token: the caller and
// when the session goes idle. Unlike Authenticate it neither rotates nor
// touches the token (a socket must not take the browser's token away).
func (s *Service) ConnectionSession(ctx context.Context, token string) (Principal, time.Time, error) {
	if token == "" || len(token) > 200 {
		return Principal{}, time.Time{}, ErrUnauthorized
	}
	now := s.now()
	ss, err := s.store.SessionByToken(ctx, secret.HashToken(token), now.UnixMicro())
	if errors.Is(err, db.ErrNotFound) {
		return Principal{}, time.Time{}, ErrUnauthorized
	}
	if err != nil {
		return Principal{}, time.Time{}, err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return Principal{}, time.Time{}, err
	}
	until, live, err := s.liveUntil(ctx, m, ss, now)
	if err != nil {
		return Principal{}, time.Time{}, err
	}
	if !live {
		return Principal{}, time.Time{}, ErrUnauthorized
	}
	return Principal{MemberID: m.ID, SiteID: m.SiteID, SessionID: ss.ID, Currency: m.Currency, Account: m.Account}, until, nil
}

// SessionUntil reports whether a session is still live (not revoked, member
// active, not idle) and when it goes idle; real-time connections re-check
// their session with it.
func (s *Service) SessionUntil(ctx context.Context, sessionID int64) (time.Time, bool, error) {
	now := s.now()
	ss, err := s.store.LiveSession(ctx, sessionID)
	if errors.Is(err, db.ErrNotFound) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return time.Time{}, false, err
	}
	return s.liveUntil(ctx, m, ss, now)
}

// Logout ends the caller's session and closes its real-time connections.
func (s *Service) Logout(ctx context.Context, p Principal) error {
	if err := s.store.Revoke(ctx, p.SessionID, s.now().UnixMicro()); err != nil {
		return err
	}
	if s.pub != nil {
		s.pub.EndSession(p.MemberID, p.SessionID)
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
