package member

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// RegisterSettings is /arks/web/register-settings: every currency's rules.
func (s *Service) RegisterSettings(ctx context.Context, siteID int64) (map[string][]RegisterSetting, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.store.RegisterSettings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	return map[string][]RegisterSetting{"list": list}, nil
}

// Agreement is /arks/web/register-settings/service-agreement.
func (s *Service) Agreement(ctx context.Context, siteID int64, lang, fallback string) (map[string][]Agreement, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.store.Agreements(ctx, siteID, lang, fallback)
	if err != nil {
		return nil, err
	}
	return map[string][]Agreement{"list": list}, nil
}

// activeAgent is the agent with account, if it is one and usable.
func (s *Service) activeAgent(ctx context.Context, siteID int64, account string) (Member, bool, error) {
	m, err := s.store.ByAccount(ctx, siteID, account)
	if errors.Is(err, db.ErrNotFound) {
		return Member{}, false, nil
	}
	if err != nil {
		return Member{}, false, err
	}
	return m, m.IsAgent && m.AgentActive && m.Status == "active", nil
}

// MemberInfo is /member_info: the currency of the agent of an agent link.
func (s *Service) MemberInfo(ctx context.Context, siteID int64, agent string) (map[string]string, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	m, ok, err := s.activeAgent(ctx, siteID, agent)
	if err != nil {
		return nil, err
	}
	if !ok {
		if m.ID != 0 && m.IsAgent {
			return nil, ErrAgentDisabled
		}
		return nil, ErrNoProxy
	}
	return map[string]string{"currency": m.Currency}, nil
}

// ValidMessage is /register/valid_message: is_valid 1 when the recommend
// code or agent id of a link can introduce a member now.
func (s *Service) ValidMessage(ctx context.Context, siteID int64, recommendCode, agentID string) (map[string]int, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	settings, err := s.store.Settings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	code, regType := agentID, "member_agent"
	if recommendCode != "" {
		code, regType = recommendCode, "recommend_code"
	}
	if code == "" {
		return nil, api.Invalid("recommend_code", nil)
	}
	_, err = s.resolveIntroducer(ctx, siteID, code, regType, settings)
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		return nil, apiErr.WithData(map[string]int{"is_valid": 0})
	}
	if err != nil {
		return nil, err
	}
	return map[string]int{"is_valid": 1}, nil
}

// AgentDomain is the /arks/web/check-agent-domain answer.
type AgentDomain struct {
	IsValid  int    `json:"is_valid"`
	Currency string `json:"currency"`
	AgentID  string `json:"agent_id"`
}

// CheckAgentDomain tells whether host belongs to an agent; its currency
// then locks the register form.
func (s *Service) CheckAgentDomain(ctx context.Context, siteID int64, host string) (AgentDomain, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return AgentDomain{}, err
	}
	m, ok, err := s.domainAgent(ctx, siteID, normHost(host))
	if err != nil || !ok {
		return AgentDomain{}, err
	}
	return AgentDomain{IsValid: 1, Currency: m.Currency, AgentID: m.Account}, nil
}

// normHost is a host as agent domains are stored: lower case, no port.
func normHost(host string) string {
	host = strings.ToLower(strings.TrimSpace(host))
	if h, _, err := net.SplitHostPort(host); err == nil {
		return strings.Trim(h, "[]")
	}
	return strings.TrimSuffix(host, ".")
}

// domainAgent is the usable agent owning host (already normalised), if any.
func (s *Service) domainAgent(ctx context.Context, siteID int64, host string) (Member, bool, error) {
	if host == "" {
		return Member{}, false, nil
	}
	m, err := s.store.AgentByDomain(ctx, siteID, host)
	if errors.Is(err, db.ErrNotFound) {
		return Member{}, false, nil
	}
	if err != nil {
		return Member{}, false, err
	}
	return m, m.IsAgent && m.AgentActive && m.Status == "active", nil
}

// Handoff claims: what a partner seals for /get_info_data.
type Handoff struct {
	SiteID    int64  `json:"site_id"`
	Account   string `json:"account"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	Nonce     string `json:"jti"`
}

// MaxHandoffLife caps how long a sealed handoff may live.
const MaxHandoffLife = 5 * time.Minute

// ErrHandoff is every reason a handoff blob is refused.
var ErrHandoff = api.NewError(101, "handoff_invalid")

// SealHandoff encrypts and authenticates claims with the shared key
// (AES-256-GCM); partners do the same with their copy of the key.
func SealHandoff(key []byte, h Handoff, nonce []byte) (string, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", fmt.Errorf("handoff key: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	plain, _ := json.Marshal(h)
	return base64.RawURLEncoding.EncodeToString(gcm.Seal(nonce, nonce, plain, nil)), nil
}

// InfoData is /get_info_data: a valid, fresh, unused blob logs its member in
// and answers the JSON string the spec names (tk, member_id, member_account,
// member_currency).
func (s *Service) InfoData(ctx context.Context, key []byte, enc string, meta Meta) (string, error) {
	if len(key) != 32 || enc == "" || len(enc) > 4096 {
		return "", ErrHandoff
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", ErrHandoff
	}
	block, _ := aes.NewCipher(key)
	gcm, _ := cipher.NewGCM(block)
	if len(raw) < gcm.NonceSize() {
		return "", ErrHandoff
	}
	plain, err := gcm.Open(nil, raw[:gcm.NonceSize()], raw[gcm.NonceSize():], nil)
	if err != nil {
		return "", ErrHandoff
	}
	var h Handoff
	if err := json.Unmarshal(plain, &h); err != nil || h.Nonce == "" || h.Account == "" {
		return "", ErrHandoff
	}
	now := s.now()
	exp := time.Unix(h.ExpiresAt, 0)
	if !now.Before(exp) || exp.Sub(time.Unix(h.IssuedAt, 0)) > MaxHandoffLife || time.Unix(h.IssuedAt, 0).After(now.Add(time.Minute)) {
		return "", ErrHandoff
	}
	m, err := s.store.ByAccount(ctx, h.SiteID, h.Account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && m.Status != "active") {
		return "", ErrHandoff
	}
	if err != nil {
		return "", err
	}
	var out LoginData
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.store.UseNonce(ctx, tx, h.Nonce, exp.UnixMicro()); err != nil {
			if errors.Is(err, db.ErrConflict) {
				return ErrHandoff
			}
			return err
		}
		var err error
		out, err = s.startSession(ctx, tx, m, device("", meta.UserAgent), meta.IP, now)
		return err
	})
	if err != nil {
		return "", err
	}
	s.announceLogin(out)
	body, _ := json.Marshal(map[string]string{"tk": out.Token, "member_id": strconv.FormatInt(m.ID, 10),
		"member_account": m.Account, "member_currency": m.Currency})
	return string(body), nil
}
