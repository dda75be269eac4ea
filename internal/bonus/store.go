package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// store owns bonus_rules and member_bonuses.
type store struct{ db *db.DB }

type ruleRow struct {
	ID, SiteID, PageID   int64
	Currency, TitleI18n  string
	Kind                 string
	PercentBP, Cap       int64
	MinDeposit, Fixed    int64
	Period               string
	TurnoverX100         int64
	TurnoverBase         string
	Weights              string
	DefaultWeight        int64
	ExpiryDays           int64
	Active               bool
	CreatedAt, UpdatedAt int64
}

const ruleCols = `id, site_id, page_id, currency, title_i18n, kind, percent_bp, cap, min_deposit, fixed_amount, period,
	turnover_x100, turnover_base, weights, default_weight, expiry_days, active, created_at, updated_at`

func scanRule(r interface{ Scan(...any) error }, x *ruleRow) error {
	return r.Scan(&x.ID, &x.SiteID, &x.PageID, &x.Currency, &x.TitleI18n, &x.Kind, &x.PercentBP, &x.Cap, &x.MinDeposit, &x.Fixed,
		&x.Period, &x.TurnoverX100, &x.TurnoverBase, &x.Weights, &x.DefaultWeight, &x.ExpiryDays, &x.Active, &x.CreatedAt, &x.UpdatedAt)
}

func scanRuleRows(r *sql.Rows, x *ruleRow) error { return scanRule(r, x) }

func (s *store) rule(ctx context.Context, siteID, id int64) (ruleRow, bool, error) {
	var x ruleRow
	err := scanRule(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+ruleCols+` FROM bonus_rules WHERE id = $1 AND site_id = $2`,
		id, siteID), &x)
	if errors.Is(err, sql.ErrNoRows) {
		return ruleRow{}, false, nil
	}
	if err != nil {
		return ruleRow{}, false, fmt.Errorf("bonus rule: %w", db.MapError(err))
	}
	return x, true, nil
}

func (s *store) rules(ctx context.Context, siteID, beforeID int64, limit int) ([]ruleRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+ruleCols+` FROM bonus_rules
		WHERE site_id = $1 AND (CAST($2 AS BIGINT) = 0 OR id < CAST($2 AS BIGINT)) ORDER BY id DESC LIMIT $3`,
		scanRuleRows, siteID, beforeID, limit)
}

// offered are the active rules of a currency, of one page when pageID > 0.
func (s *store) offered(ctx context.Context, siteID int64, currency string, pageID int64) ([]ruleRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+ruleCols+` FROM bonus_rules
		WHERE site_id = $1 AND currency = $2 AND active = TRUE AND (CAST($3 AS BIGINT) = 0 OR page_id = CAST($3 AS BIGINT))
		ORDER BY id LIMIT 100`, scanRuleRows, siteID, currency, pageID)
}

func (s *store) insertRule(ctx context.Context, x ruleRow) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO bonus_rules (site_id, page_id, currency, title_i18n, kind, percent_bp,
		cap, min_deposit, fixed_amount, period, turnover_x100, turnover_base, weights, default_weight, expiry_days, active,
		created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
		RETURNING id`, x.SiteID, x.PageID, x.Currency, x.TitleI18n, x.Kind, x.PercentBP, x.Cap, x.MinDeposit, x.Fixed, x.Period,
		x.TurnoverX100, x.TurnoverBase, x.Weights, x.DefaultWeight, x.ExpiryDays, x.Active, x.CreatedAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert bonus rule: %w", db.MapError(err))
	}
	return id, nil
}

func (s *store) updateRule(ctx context.Context, x ruleRow) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE bonus_rules SET page_id = $3, currency = $4, title_i18n = $5, kind = $6,
		percent_bp = $7, cap = $8, min_deposit = $9, fixed_amount = $10, period = $11, turnover_x100 = $12, turnover_base = $13,
		weights = $14, default_weight = $15, expiry_days = $16, active = $17, updated_at = $18 WHERE id = $1 AND site_id = $2`,
		x.ID, x.SiteID, x.PageID, x.Currency, x.TitleI18n, x.Kind, x.PercentBP, x.Cap, x.MinDeposit, x.Fixed, x.Period,
		x.TurnoverX100, x.TurnoverBase, x.Weights, x.DefaultWeight, x.ExpiryDays, x.Active, x.UpdatedAt)
	if err != nil {
		return fmt.Errorf("update bonus rule: %w", db.MapError(err))
	}
	return nil
}

type bonusRow struct {
	ID, SiteID, RuleID, MemberID int64
	Currency, PeriodKey, Status  string
	Amount, DepositAmount        int64
	DepositOrder                 string
	TurnoverRequired             int64
	Weights                      string
	DefaultWeight                int64
	TakenBack                    int64
	Reason                       string
	AppliedAt, AwardedAt         int64
	ExpiresAt, ClosedAt          int64
	// TitleI18n is the rule's.
	TitleI18n string
}

const bonusCols = `b.id, b.site_id, b.rule_id, b.member_id, b.currency, b.period_key, b.status, b.amount, b.deposit_amount,
	b.deposit_order, b.turnover_required, b.weights, b.default_weight, b.taken_back, b.reason, b.applied_at, b.awarded_at,
	b.expires_at, b.closed_at, r.title_i18n`

const bonusFrom = ` FROM member_bonuses b JOIN bonus_rules r ON r.id = b.rule_id `

func scanBonus(r interface{ Scan(...any) error }, b *bonusRow) error {
	return r.Scan(&b.ID, &b.SiteID, &b.RuleID, &b.MemberID, &b.Currency, &b.PeriodKey, &b.Status, &b.Amount, &b.DepositAmount,
		&b.DepositOrder, &b.TurnoverRequired, &b.Weights, &b.DefaultWeight, &b.TakenBack, &b.Reason, &b.AppliedAt, &b.AwardedAt,
		&b.ExpiresAt, &b.ClosedAt, &b.TitleI18n)
}

func scanBonusRows(r *sql.Rows, b *bonusRow) error { return scanBonus(r, b) }

func (s *store) bonus(ctx context.Context, id int64) (bonusRow, bool, error) {
	var b bonusRow
	err := scanBonus(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+bonusCols+bonusFrom+`WHERE b.id = $1`, id), &b)
	if errors.Is(err, sql.ErrNoRows) {
		return bonusRow{}, false, nil
	}
	if err != nil {
		return bonusRow{}, false, fmt.Errorf("bonus: %w", db.MapError(err))
	}
	return b, true, nil
}

func (s *store) bonusByKey(ctx context.Context, ruleID, memberID int64, periodKey string) (bonusRow, bool, error) {
	var b bonusRow
	err := scanBonus(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+bonusCols+bonusFrom+`
		WHERE b.rule_id = $1 AND b.member_id = $2 AND b.period_key = $3`, ruleID, memberID, periodKey), &b)
	if errors.Is(err, sql.ErrNoRows) {
		return bonusRow{}, false, nil
	}
	if err != nil {
		return bonusRow{}, false, fmt.Errorf("bonus by key: %w", db.MapError(err))
	}
	return b, true, nil
}

// memberBonuses are a member's bonuses, newest first.
func (s *store) memberBonuses(ctx context.Context, memberID int64, limit int) ([]bonusRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+bonusCols+bonusFrom+`WHERE b.member_id = $1 ORDER BY b.id DESC LIMIT $2`,
		scanBonusRows, memberID, limit)
}

// withStatus are a member's bonuses of a currency in one status, oldest first.
func (s *store) withStatus(ctx context.Context, memberID int64, currency, status string) ([]bonusRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+bonusCols+bonusFrom+`
		WHERE b.member_id = $1 AND b.currency = $2 AND b.status = $3 ORDER BY b.id`, scanBonusRows, memberID, currency, status)
}

// due are open bonuses whose expiry has come.
func (s *store) due(ctx context.Context, now int64, limit int) ([]bonusRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+bonusCols+bonusFrom+`
		WHERE b.status IN ('pending', 'active') AND b.expires_at <= $1 ORDER BY b.expires_at, b.id LIMIT $2`,
		scanBonusRows, now, limit)
}

// insertBonus records a bonus unless the member holds one of the rule and
// period already, or (pending) another deposit bonus waits: ok false.
func (s *store) insertBonus(ctx context.Context, b bonusRow) (id int64, ok bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO member_bonuses (site_id, rule_id, member_id, currency, period_key, status,
		amount, deposit_amount, deposit_order, turnover_required, weights, default_weight, reason, applied_at, awarded_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT DO NOTHING RETURNING id`,
		b.SiteID, b.RuleID, b.MemberID, b.Currency, b.PeriodKey, b.Status, b.Amount, b.DepositAmount, b.DepositOrder,
		b.TurnoverRequired, b.Weights, b.DefaultWeight, b.Reason, b.AppliedAt, b.AwardedAt, b.ExpiresAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("insert bonus: %w", db.MapError(err))
	}
	return id, true, nil
}

// activate turns a pending bonus into an awarded one; false when it was no
// longer pending.
func (s *store) activate(ctx context.Context, b bonusRow) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE member_bonuses SET status = 'active', amount = $2, deposit_amount = $3,
		deposit_order = $4, turnover_required = $5, weights = $6, default_weight = $7, awarded_at = $8, expires_at = $9
		WHERE id = $1 AND status = 'pending'`, b.ID, b.Amount, b.DepositAmount, b.DepositOrder, b.TurnoverRequired, b.Weights,
		b.DefaultWeight, b.AwardedAt, b.ExpiresAt)
	if err != nil {
		return false, fmt.Errorf("activate bonus: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// close moves a bonus from one of from to status; false when it was in
// none of them (another close won).
func (s *store) close(ctx context.Context, id int64, status, reason string, now int64, from ...string) (bool, error) {
	q := `UPDATE member_bonuses SET status = $2, reason = $3, closed_at = $4 WHERE id = $1 AND status IN ($5`
	args := []any{id, status, reason, now, from[0]}
	for i, f := range from[1:] {
		q += fmt.Sprintf(", $%d", i+6)
		args = append(args, f)
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, q+")", args...)
	if err != nil {
		return false, fmt.Errorf("close bonus: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *store) setTakenBack(ctx context.Context, id, amount int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE member_bonuses SET taken_back = $2 WHERE id = $1`, id, amount)
	if err != nil {
		return fmt.Errorf("bonus taken back: %w", db.MapError(err))
	}
	return nil
}
