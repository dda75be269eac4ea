package member

import (
	"context"
	"errors"
	"net"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// Agents bring members in: by a link (/member_info, /register/valid_message)
// or by a domain of their own that fixes the currency
// (/arks/web/check-agent-domain); recommend codes work the same way for
// members who invite friends.

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
	settings, err := s.store.Rules(ctx, siteID)
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
