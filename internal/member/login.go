package member

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"strings"
	"time"

	"gamehall/internal/captcha"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
)

// DeviceInfo is the device part of the login payload (spec section 3). Its
// fields describe the client and decide nothing, so each takes a JSON string
// or number (the spec gives numeric device and platform ids and string
// device types) and never refuses a login over its type.
type DeviceInfo struct {
	RemoteAddr    Descriptive `json:"remote_addr"`
	Host          Descriptive `json:"host"`
	Device        Descriptive `json:"device"`
	SystemGroup   Descriptive `json:"system_group"`
	UDID          Descriptive `json:"udid"`
	LoginType     Descriptive `json:"login_type"`
	CDN           Descriptive `json:"cdn"`
	System        Descriptive `json:"system"`
	Browser       Descriptive `json:"browser"`
	SystemVersion Descriptive `json:"system_version"`
}

// Descriptive is a client-described value: a string as sent, a number or a
// boolean as its JSON text; null, an object or a list are taken as empty.
type Descriptive string

// UnmarshalJSON takes any JSON value without error.
func (d *Descriptive) UnmarshalJSON(raw []byte) error {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		*d = ""
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		*d = Descriptive(s)
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9' || string(raw) == "true" || string(raw) == "false":
		*d = Descriptive(raw)
	default:
		*d = ""
	}
	return nil
}

// LoginInput is the /login payload.
type LoginInput struct {
	Account      string `json:"account"`
	Password     string `json:"password"`
	SiteID       int64  `json:"site_id"`
	Answer       string `json:"answer"`
	CaptchaToken string `json:"captcha_token"`
	DeviceInfo
}

// Login throttles: failures per account (from anywhere) and per IP. Every
// attempt also costs a solved captcha, so locking someone out at scale costs
// the attacker a captcha per try.
const (
	accountFailures = 10
	accountWindow   = 15 * time.Minute
	ipFailures      = 30
	ipWindow        = time.Hour
	pendingTTL      = 10 * time.Minute
	pendingKeep     = 24 * time.Hour // an expired pending login answers 205 this long, then 101
	dvMaxFailures   = 3
)

// Challenge is the 107 answer: the double validation to pass.
type Challenge struct {
	MemberLoginID           string `json:"member_login_id"`
	Question                string `json:"question"`
	AvailableQuestionsCount int    `json:"available_questions_count"`
}

// Login is /login.
func (s *Service) Login(ctx context.Context, in LoginInput, meta Meta) (LoginData, error) {
	if err := s.open(ctx, in.SiteID); err != nil {
		return LoginData{}, err
	}
	if in.Account == "" || in.Password == "" || in.Answer == "" {
		return LoginData{}, ErrAccount
	}
	settings, err := s.store.Rules(ctx, in.SiteID)
	if err != nil {
		return LoginData{}, err
	}
	if bad, err := s.store.Blacklisted(ctx, in.SiteID, "ip", meta.IP); err != nil {
		return LoginData{}, err
	} else if bad {
		return LoginData{}, ErrIPBlocked
	}
	if meta.Country != "" && slices.Contains(settings.BlockedCountries, strings.ToUpper(meta.Country)) {
		return LoginData{}, ErrCountry
	}
	if err := s.captchas.Verify(ctx, in.CaptchaToken, in.Answer, captcha.KindLogin); err != nil {
		if errors.Is(err, captcha.ErrWrong) {
			return LoginData{}, ErrVerifyFailed
		}
		return LoginData{}, err
	}
	// Each password check is reserved against both failure limits before it
	// runs; a right password gives its reservations back.
	ipTry, ok, err := s.limit.Reserve(ctx, "login:fail:ip:"+meta.IP, ipFailures, ipWindow)
	if err != nil {
		return LoginData{}, err
	}
	if !ok {
		return LoginData{}, ErrIPThrottled
	}
	acctKey := "login:fail:acct:" + normAccount(in.Account)
	acctTry, ok, err := s.limit.Reserve(ctx, acctKey, accountFailures, accountWindow)
	if err != nil {
		return LoginData{}, err
	}
	if !ok {
		return LoginData{}, errors.Join(ErrThrottled, s.limit.Refund(ctx, ipTry))
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) {
		// Spend the same time as a real check so timing does not reveal accounts.
		_ = secret.CheckPassword(s.dummyHash, in.Password)
		return LoginData{}, ErrAccount
	}
	if err != nil {
		return LoginData{}, err
	}
	if secret.CheckPassword(m.PasswordHash, in.Password) != nil {
		return LoginData{}, ErrAccount
	}
	if err := s.limit.Refund(ctx, ipTry); err != nil {
		return LoginData{}, err
	}
	if err := s.limit.Refund(ctx, acctTry); err != nil {
		return LoginData{}, err
	}
	switch m.Status {
	case "disabled":
		return LoginData{}, ErrDisabled
	case "frozen":
		return LoginData{}, ErrFrozen
	}
	if m.MustResetPassword {
		return LoginData{}, ErrMustReset
	}
	dev := device(string(in.UDID), meta.UserAgent)
	trusted, any, err := s.store.Trusted(ctx, m.ID, dev)
	if err != nil {
		return LoginData{}, err
	}
	if settings.DoubleValidation && any && !trusted {
		if ch, ok, err := s.challenge(ctx, m, dev, settings); err != nil {
			return LoginData{}, err
		} else if ok {
			return LoginData{}, ErrNewDevice.WithData(ch)
		}
	}
	return s.completeLogin(ctx, m, dev, meta, "")
}

// completeLogin opens the session (finishing pendingID when given) and
// announces it.
func (s *Service) completeLogin(ctx context.Context, m Member, dev string, meta Meta, pendingID string) (LoginData, error) {
	now := s.now()
	var out LoginData
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		if pendingID != "" {
			ok, err := s.store.FinishPending(ctx, pendingID, now.UnixMicro())
			if err != nil {
				return err
			}
			if !ok {
				return ErrDVUnknown
			}
		}
		var err error
		out, err = s.startSession(ctx, m, dev, meta.IP, now)
		s.db.AfterCommit(ctx, func() { s.announceLogin(out) })
		return err
	})
	if err != nil {
		return LoginData{}, err
	}
	return out, nil
}

// questions are the double validation questions the member can answer, in
// the spec's order of columns.
func questions(m Member) []string {
	var q []string
	if m.Name != "" {
		q = append(q, "member_name")
	}
	if m.IdentityID != "" {
		q = append(q, "identity_id")
	}
	if m.Phone != "" {
		q = append(q, "member_phone")
	}
	if m.Email != "" {
		q = append(q, "member_email")
	}
	if m.WithdrawPasswordHash != "" {
		q = append(q, "withdraw_password")
	}
	return q
}

// offerable narrows the questions to ask: while the account's
// withdrawal-password lock is on, that question is left out if any other
// remains (if it is the only one it is still asked, and refused with 206:
// a lock must never let a login past double validation).
func (s *Service) offerable(ctx context.Context, m Member, qs []string) ([]string, error) {
	if len(qs) < 2 || !slices.Contains(qs, "withdraw_password") {
		return qs, nil
	}
	locked, err := s.withdrawLocked(ctx, m.ID)
	if err != nil || !locked {
		return qs, err
	}
	return slices.DeleteFunc(slices.Clone(qs), func(q string) bool { return q == "withdraw_password" }), nil
}

// challenge opens a pending login with its first question; ok is false when
// the member has nothing to be asked (then the device cannot be checked and
// the login proceeds as before double validation existed).
func (s *Service) challenge(ctx context.Context, m Member, dev string, settings Rules) (Challenge, bool, error) {
	qs := questions(m)
	if len(qs) == 0 {
		return Challenge{}, false, nil
	}
	n := settings.QuestionsCount
	if n <= 0 {
		n = 3
	}
	if n > len(qs) {
		n = len(qs)
	}
	offer, err := s.offerable(ctx, m, qs)
	if err != nil {
		return Challenge{}, false, err
	}
	first := offer[pick(len(offer))]
	p := Pending{ID: secret.NewToken(), MemberID: m.ID, Device: dev, Question: first, Asked: []string{first}, Remaining: n,
		ExpiresAt: s.now().Add(pendingTTL).UnixMicro()}
	if err := s.store.InsertPending(ctx, p); err != nil {
		return Challenge{}, false, err
	}
	return Challenge{MemberLoginID: p.ID, Question: p.Question, AvailableQuestionsCount: p.Remaining}, true, nil
}

// DVInput is the /login/double_validation payload.
type DVInput struct {
	MemberLoginID string `json:"member_login_id"`
	Answer        string `json:"answer"`
	CaptchaAnswer string `json:"captcha_answer"`
	CaptchaToken  string `json:"captcha_token"`
	DeviceInfo
}

// DoubleValidation checks the answer to the pending question; a right one
// completes the login and trusts the device. A wrong withdrawal password
// also counts towards the account's withdrawal-password lock (the one
// recovery uses); while it is on, that question is refused (206).
func (s *Service) DoubleValidation(ctx context.Context, in DVInput, meta Meta) (LoginData, error) {
	p, m, err := s.pending(ctx, in.MemberLoginID)
	if err != nil {
		return LoginData{}, err
	}
	if err := s.open(ctx, m.SiteID); err != nil {
		return LoginData{}, err
	}
	if strings.TrimSpace(in.Answer) == "" {
		return LoginData{}, ErrDVBlank
	}
	if err := s.captchas.Verify(ctx, in.CaptchaToken, in.CaptchaAnswer, captcha.KindLogin); err != nil {
		if errors.Is(err, captcha.ErrWrong) {
			return LoginData{}, ErrDVCaptcha
		}
		return LoginData{}, err
	}
	if bad, err := s.store.Blacklisted(ctx, m.SiteID, "ip", meta.IP); err != nil {
		return LoginData{}, err
	} else if bad {
		return LoginData{}, ErrDVThrottled
	}
	// The answer is reserved against the pending login's tries (and a
	// withdrawal password against the account's lock) before it is checked.
	n, err := s.store.ReserveAnswer(ctx, p.ID, dvMaxFailures)
	if err != nil {
		return LoginData{}, err
	}
	if n == 0 {
		return LoginData{}, ErrDVLocked
	}
	withdraw := p.Question == "withdraw_password"
	var wpwTry ratelimit.Attempt
	if withdraw {
		var ok bool
		if wpwTry, ok, err = s.reserveWithdraw(ctx, m.ID); err != nil {
			return LoginData{}, err
		} else if !ok {
			return LoginData{}, ErrDVQuestionLocked
		}
	}
	if !answerMatches(m, p.Question, in.Answer) {
		lockedNow := false
		if withdraw {
			if lockedNow, err = s.withdrawFailed(ctx, m.ID, wpwTry); err != nil {
				return LoginData{}, err
			}
		}
		if n >= dvMaxFailures {
			p.Remaining = 0
			if err := s.store.UpdatePending(ctx, p); err != nil {
				return LoginData{}, err
			}
			return LoginData{}, ErrDVLocked
		}
		if lockedNow {
			return LoginData{}, ErrDVQuestionLocked
		}
		return LoginData{}, ErrDVWrong
	}
	if withdraw {
		if err := s.limit.Refund(ctx, wpwTry); err != nil {
			return LoginData{}, err
		}
	}
	return s.completeLogin(ctx, m, p.Device, meta, p.ID)
}

// Skip is /login/double_validation/skip: another question, while any remain.
func (s *Service) Skip(ctx context.Context, loginID string) (Challenge, error) {
	p, m, err := s.pending(ctx, loginID)
	if err != nil {
		return Challenge{}, err
	}
	var left []string
	for _, q := range questions(m) {
		if !slices.Contains(p.Asked, q) {
			left = append(left, q)
		}
	}
	if p.Remaining <= 1 || len(left) == 0 {
		p.Remaining = 0
		if err := s.store.UpdatePending(ctx, p); err != nil {
			return Challenge{}, err
		}
		return Challenge{}, ErrDVFailed
	}
	if left, err = s.offerable(ctx, m, left); err != nil {
		return Challenge{}, err
	}
	was := p.Question
	p.Question = left[pick(len(left))]
	p.Asked = append(p.Asked, p.Question)
	p.Remaining--
	moved, err := s.store.NextQuestion(ctx, p, was)
	if err != nil {
		return Challenge{}, err
	}
	if !moved {
		// A parallel skip moved it first: answer the question that stands.
		if p, _, err = s.pending(ctx, loginID); err != nil {
			return Challenge{}, err
		}
	}
	return Challenge{MemberLoginID: p.ID, Question: p.Question, AvailableQuestionsCount: p.Remaining}, nil
}

// pending loads a pending login that can still be answered: 101 when it is
// unknown or finished, 205 when its time ran out, 998 when it has no
// questions left, 102 when the account was disabled meanwhile.
func (s *Service) pending(ctx context.Context, id string) (Pending, Member, error) {
	if id == "" || len(id) > 100 {
		return Pending{}, Member{}, ErrDVUnknown
	}
	p, err := s.store.PendingByID(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return Pending{}, Member{}, ErrDVUnknown
	}
	if err != nil {
		return Pending{}, Member{}, err
	}
	if p.Done {
		return Pending{}, Member{}, ErrDVUnknown
	}
	if p.ExpiresAt <= s.now().UnixMicro() {
		return Pending{}, Member{}, ErrDVExpired
	}
	if p.Remaining <= 0 {
		return Pending{}, Member{}, ErrDVFailed
	}
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return Pending{}, Member{}, err
	}
	if m.Status != "active" {
		return Pending{}, Member{}, ErrDVDisabled
	}
	return p, m, nil
}

func answerMatches(m Member, question, answer string) bool {
	answer = strings.TrimSpace(answer)
	switch question {
	case "member_name":
		return strings.EqualFold(answer, m.Name)
	case "identity_id":
		return secret.Equal(answer, m.IdentityID)
	case "member_phone":
		return secret.Equal(answer, m.Phone)
	case "member_email":
		return strings.EqualFold(answer, m.Email)
	case "withdraw_password":
		return m.WithdrawPasswordHash != "" && secret.CheckPassword(m.WithdrawPasswordHash, answer) == nil
	}
	return false
}

// pick is a uniform index below n.
func pick(n int) int {
	if n <= 1 {
		return 0
	}
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}
