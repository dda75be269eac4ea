package cashback

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// store owns cashback_rules and cashback_payouts.
type store struct{ db *db.DB }

type ruleRow struct {
	ID, SiteID           int64
	Currency, Basis      string
	Rates                string
	DefaultRateBP        int64
	MinPayout, Cap       int64
	Active               bool
	CreatedAt, UpdatedAt int64
}

const ruleCols = `id, site_id, currency, basis, rates, default_rate_bp, min_payout, cap, active, created_at, updated_at`

func scanRule(r interface{ Scan(...any) error }, x *ruleRow) error {
	return r.Scan(&x.ID, &x.SiteID, &x.Currency, &x.Basis, &x.Rates, &x.DefaultRateBP, &x.MinPayout, &x.Cap, &x.Active,
		&x.CreatedAt, &x.UpdatedAt)
}

func scanRuleRows(r *sql.Rows, x *ruleRow) error { return scanRule(r, x) }

func (s *store) one(ctx context.Context, q string, args ...any) (ruleRow, bool, error) {
	var x ruleRow
	err := scanRule(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+ruleCols+` FROM cashback_rules WHERE `+q, args...), &x)
	if errors.Is(err, sql.ErrNoRows) {
		return ruleRow{}, false, nil
	}
	if err != nil {
		return ruleRow{}, false, fmt.Errorf("cash-back rule: %w", db.MapError(err))
	}
	return x, true, nil
}

func (s *store) rule(ctx context.Context, siteID, id int64) (ruleRow, bool, error) {
	return s.one(ctx, `id = $1 AND site_id = $2`, id, siteID)
}

func (s *store) ruleOf(ctx context.Context, siteID int64, currency string) (ruleRow, bool, error) {
	return s.one(ctx, `site_id = $1 AND currency = $2`, siteID, currency)
}

func (s *store) rules(ctx context.Context, siteID int64) ([]ruleRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+ruleCols+` FROM cashback_rules WHERE site_id = $1 ORDER BY currency`,
		scanRuleRows, siteID)
}

// activeRules are the active rules of one site (every site when 0).
func (s *store) activeRules(ctx context.Context, siteID int64) ([]ruleRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+ruleCols+` FROM cashback_rules
		WHERE active = TRUE AND (CAST($1 AS BIGINT) = 0 OR site_id = CAST($1 AS BIGINT)) ORDER BY site_id, currency`,
		scanRuleRows, siteID)
}

// insertRule adds a rule; ok false when the site has one for the currency.
func (s *store) insertRule(ctx context.Context, x ruleRow) (id int64, ok bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO cashback_rules (site_id, currency, basis, rates, default_rate_bp,
		min_payout, cap, active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
		ON CONFLICT (site_id, currency) DO NOTHING RETURNING id`,
		x.SiteID, x.Currency, x.Basis, x.Rates, x.DefaultRateBP, x.MinPayout, x.Cap, x.Active, x.CreatedAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("insert cash-back rule: %w", db.MapError(err))
	}
	return id, true, nil
}

func (s *store) updateRule(ctx context.Context, x ruleRow) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE cashback_rules SET basis = $3, rates = $4, default_rate_bp = $5,
		min_payout = $6, cap = $7, active = $8, updated_at = $9 WHERE id = $1 AND site_id = $2`,
		x.ID, x.SiteID, x.Basis, x.Rates, x.DefaultRateBP, x.MinPayout, x.Cap, x.Active, x.UpdatedAt)
	if err != nil {
		return fmt.Errorf("update cash-back rule: %w", db.MapError(err))
	}
	return nil
}

type payoutRow struct {
	ID, SiteID, RuleID, MemberID int64
	Currency, Day, Basis         string
	Base, Amount                 int64
	Status, Detail               string
	CreatedAt                    int64
}

const payoutCols = `id, site_id, rule_id, member_id, currency, day, basis, base, amount, status, detail, created_at`

func scanPayout(r interface{ Scan(...any) error }, p *payoutRow) error {
	return r.Scan(&p.ID, &p.SiteID, &p.RuleID, &p.MemberID, &p.Currency, &p.Day, &p.Basis, &p.Base, &p.Amount, &p.Status,
		&p.Detail, &p.CreatedAt)
}

func scanPayoutRows(r *sql.Rows, p *payoutRow) error { return scanPayout(r, p) }

func (s *store) payoutOf(ctx context.Context, memberID int64, day string) (payoutRow, bool, error) {
	var p payoutRow
	err := scanPayout(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+payoutCols+` FROM cashback_payouts
		WHERE member_id = $1 AND day = $2`, memberID, day), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return payoutRow{}, false, nil
	}
	if err != nil {
		return payoutRow{}, false, fmt.Errorf("cash-back payout: %w", db.MapError(err))
	}
	return p, true, nil
}

// payouts are a member's days, newest first, and how many there are.
func (s *store) payouts(ctx context.Context, memberID int64, offset, limit int) ([]payoutRow, int, error) {
	var total int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM cashback_payouts WHERE member_id = $1`,
		memberID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("cash-back payouts count: %w", db.MapError(err))
	}
	list, err := db.Query(ctx, s.db.Q(ctx), `SELECT `+payoutCols+` FROM cashback_payouts WHERE member_id = $1
		ORDER BY day DESC, id DESC LIMIT $2 OFFSET $3`, scanPayoutRows, memberID, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("cash-back payouts: %w", err)
	}
	return list, total, nil
}

// insertPayout records the member's day unless a run recorded it first
// (ok false).
func (s *store) insertPayout(ctx context.Context, p payoutRow) (id int64, ok bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO cashback_payouts (site_id, rule_id, member_id, currency, day, basis,
		base, amount, status, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (member_id, day) DO NOTHING RETURNING id`,
		p.SiteID, p.RuleID, p.MemberID, p.Currency, p.Day, p.Basis, p.Base, p.Amount, p.Status, p.Detail, p.CreatedAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("insert cash-back payout: %w", db.MapError(err))
	}
	return id, true, nil
}
