package referral

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/money"
)

// PlanView is a plan as the member and the operator see it. Amounts are in
// the currency's major unit; share_percent has two decimals (0.50: half a
// percent).
type PlanView struct {
	ID           int64        `json:"id"`
	Currency     string       `json:"currency"`
	Active       bool         `json:"active"`
	FirstMin     money.Amount `json:"first_deposit_min"`
	FirstReward  money.Amount `json:"first_deposit_reward"`
	SharePercent money.Amount `json:"share_percent"`
	SharePeriod  string       `json:"share_period"`
	ShareCap     money.Amount `json:"share_cap"`
	UpdatedAt    string       `json:"updated_at,omitempty"`
}

func planView(p planRow, exp int) PlanView {
	a := func(v int64) money.Amount { return money.Amount{Minor: v, Exp: exp} }
	return PlanView{ID: p.ID, Currency: p.Currency, Active: p.Active, FirstMin: a(p.FirstMin), FirstReward: a(p.FirstPay),
		SharePercent: money.Amount{Minor: p.ShareBP, Exp: 2}, SharePeriod: p.SharePeriod, ShareCap: a(p.ShareCap),
		UpdatedAt: rfc(p.UpdatedAt)}
}

// Project is RecommendProject: the plan, and the member's code (the
// client builds the invite link from it).
type Project struct {
	Plan          PlanView `json:"plan"`
	RecommendCode string   `json:"recommend_code"`
}

// Project is the member's plan and recommend code; ErrNotAvailable when the
// recommend feature is off for the member.
func (s *Service) Project(ctx context.Context, m Member) (Project, error) {
	p, err := s.available(ctx, m)
	if err != nil {
		return Project{}, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return Project{}, err
	}
	r, err := s.Members.ReferralOf(ctx, m.ID)
	if err != nil {
		return Project{}, err
	}
	return Project{Plan: planView(p, exp), RecommendCode: r.RecommendCode}, nil
}

// Query is a page of a member's list: a date range (records), a search
// (invitees), the page (from 1) and its size.
type Query struct {
	From   string `json:"from"` // YYYY-MM-DD (site zone), inclusive
	To     string `json:"to"`   // YYYY-MM-DD, the whole day
	Search string `json:"search"`
	Page   int    `json:"page"`
	Count  int    `json:"count"`
}

const maxCount = 100

func (q Query) paging() (offset, limit int, err error) {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Count == 0 {
		q.Count = 20
	}
	if q.Page < 1 || q.Page > 100000 {
		return 0, 0, api.Bad("page", "must be 1 or more")
	}
	if q.Count < 1 || q.Count > maxCount {
		return 0, 0, api.Bad("count", "must be 1 to 100")
	}
	return (q.Page - 1) * q.Count, q.Count, nil
}

func (s *Service) window(q Query) (from, to int64, err error) {
	parse := func(field, v string, end bool) (int64, error) {
		if v == "" {
			return 0, nil
		}
		d, err := time.ParseInLocation("2006-01-02", v, s.Zone)
		if err != nil {
			return 0, api.Bad(field, "must be a date (YYYY-MM-DD)")
		}
		if end {
			d = d.AddDate(0, 0, 1)
		}
		return d.UTC().UnixMicro(), nil
	}
	if from, err = parse("from", q.From, false); err != nil {
		return 0, 0, err
	}
	if to, err = parse("to", q.To, true); err != nil {
		return 0, 0, err
	}
	if from > 0 && to > 0 && to <= from {
		return 0, 0, api.Bad("to", "must not be before from")
	}
	return from, to, nil
}

// Page is one page of a list.
type Page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total_count"`
	Page  int `json:"page"`
	Count int `json:"count"`
}

// AwardView is one award a recommender received.
type AwardView struct {
	ID        int64        `json:"id"`
	Invitee   string       `json:"invitee"`
	Kind      string       `json:"kind"`
	Period    string       `json:"period,omitempty"`
	Status    string       `json:"status"`
	Amount    money.Amount `json:"amount"`
	Basis     money.Amount `json:"basis"`
	Currency  string       `json:"currency"`
	CreatedAt string       `json:"created_at"`
}

func awardView(a awardRow, exp int) AwardView {
	v := AwardView{ID: a.ID, Invitee: a.Invitee, Kind: a.Kind, Status: a.Status, Amount: money.Amount{Minor: a.Amount, Exp: exp},
		Basis: money.Amount{Minor: a.Basis, Exp: exp}, Currency: a.Currency, CreatedAt: rfc(a.CreatedAt)}
	if a.Kind == KindShare {
		v.Period = a.PeriodKey
	}
	return v
}

// Records are the awards paid to the member (RecommendRecord), newest
// first; refused ones are the operator's to see.
func (s *Service) Records(ctx context.Context, m Member, q Query) (Page[AwardView], error) {
	if _, err := s.available(ctx, m); err != nil {
		return Page[AwardView]{}, err
	}
	from, to, err := s.window(q)
	if err != nil {
		return Page[AwardView]{}, err
	}
	offset, limit, err := q.paging()
	if err != nil {
		return Page[AwardView]{}, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return Page[AwardView]{}, err
	}
	rows, n, err := s.store.awards(ctx, m.ID, Paid, from, to, offset, limit)
	if err != nil {
		return Page[AwardView]{}, err
	}
	out := Page[AwardView]{List: make([]AwardView, len(rows)), Total: n, Page: offset/limit + 1, Count: limit}
	for i, a := range rows {
		out.List[i] = awardView(a, exp)
	}
	return out, nil
}

// InviteeView is a member the caller brought (RecommendMemberSearch).
type InviteeView struct {
	Account      string `json:"account"`
	Status       string `json:"status"`
	RegisteredAt string `json:"registered_at"`
}

// Invitees are the members the caller brought, newest first, searched by
// account.
func (s *Service) Invitees(ctx context.Context, m Member, q Query) (Page[InviteeView], error) {
	if _, err := s.available(ctx, m); err != nil {
		return Page[InviteeView]{}, err
	}
	search := strings.TrimSpace(q.Search)
	if utf8.RuneCountInString(search) > 32 {
		return Page[InviteeView]{}, api.Bad("search", "must be at most 32 characters")
	}
	offset, limit, err := q.paging()
	if err != nil {
		return Page[InviteeView]{}, err
	}
	return s.invitees(ctx, m.SiteID, m.ID, search, offset, limit)
}

func (s *Service) invitees(ctx context.Context, siteID, memberID int64, search string, offset, limit int) (Page[InviteeView], error) {
	rows, n, err := s.Members.Invitees(ctx, siteID, memberID, search, offset, limit)
	if err != nil {
		return Page[InviteeView]{}, err
	}
	out := Page[InviteeView]{List: make([]InviteeView, len(rows)), Total: n, Page: offset/limit + 1, Count: limit}
	for i, r := range rows {
		out.List[i] = InviteeView{Account: r.Account, Status: r.Status, RegisteredAt: rfc(r.CreatedAt)}
	}
	return out, nil
}
