package referral

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// store owns referral_plans, referral_awards, referral_flags and
// referral_runs.
type store struct{ db *db.DB }

type planRow struct {
	ID, SiteID           int64
	Currency             string
	Active               bool
	FirstMin, FirstPay   int64
	ShareBP              int64
	SharePeriod          string
	ShareCap             int64
	CreatedAt, UpdatedAt int64
}

const planCols = `id, site_id, currency, active, first_min, first_reward, share_bp, share_period, share_cap, created_at, updated_at`

func scanPlan(r interface{ Scan(...any) error }, p *planRow) error {
	return r.Scan(&p.ID, &p.SiteID, &p.Currency, &p.Active, &p.FirstMin, &p.FirstPay, &p.ShareBP, &p.SharePeriod, &p.ShareCap,
		&p.CreatedAt, &p.UpdatedAt)
}

func scanPlanRows(r *sql.Rows, p *planRow) error { return scanPlan(r, p) }

func (s *store) planOne(ctx context.Context, q string, args ...any) (planRow, bool, error) {
	var p planRow
	err := scanPlan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+planCols+` FROM referral_plans WHERE `+q, args...), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return planRow{}, false, nil
	}
	if err != nil {
		return planRow{}, false, fmt.Errorf("referral plan: %w", db.MapError(err))
	}
	return p, true, nil
}

func (s *store) plan(ctx context.Context, siteID, id int64) (planRow, bool, error) {
	return s.planOne(ctx, `id = $1 AND site_id = $2`, id, siteID)
}

func (s *store) planFor(ctx context.Context, siteID int64, currency string) (planRow, bool, error) {
	return s.planOne(ctx, `site_id = $1 AND currency = $2`, siteID, currency)
}

func (s *store) plans(ctx context.Context, siteID int64) ([]planRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+planCols+` FROM referral_plans WHERE site_id = $1 ORDER BY currency`,
		scanPlanRows, siteID)
}

// sharing are the active plans that pay a share of bets, of every site.
func (s *store) sharing(ctx context.Context) ([]planRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+planCols+` FROM referral_plans WHERE active = TRUE AND share_bp > 0 ORDER BY id`,
		scanPlanRows)
}

// insertPlan records p; db.ErrConflict when the currency has a plan.
func (s *store) insertPlan(ctx context.Context, p planRow) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO referral_plans (site_id, currency, active, first_min, first_reward,
		share_bp, share_period, share_cap, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
		p.SiteID, p.Currency, p.Active, p.FirstMin, p.FirstPay, p.ShareBP, p.SharePeriod, p.ShareCap, p.CreatedAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert referral plan: %w", db.MapError(err))
	}
	return id, nil
}

func (s *store) updatePlan(ctx context.Context, p planRow) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE referral_plans SET active = $3, first_min = $4, first_reward = $5, share_bp = $6,
		share_period = $7, share_cap = $8, updated_at = $9 WHERE id = $1 AND site_id = $2`,
		p.ID, p.SiteID, p.Active, p.FirstMin, p.FirstPay, p.ShareBP, p.SharePeriod, p.ShareCap, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("update referral plan: %w", db.MapError(err))
	}
	return nil
}

type awardRow struct {
	ID, SiteID, PlanID       int64
	RecommenderID, InviteeID int64
	Invitee, Currency        string
	Kind, PeriodKey, Status  string
	Amount, Basis, CreatedAt int64
}

const awardCols = `id, site_id, plan_id, recommender_id, invitee_id, invitee, currency, kind, period_key, status, amount, basis, created_at`

func scanAward(r *sql.Rows, a *awardRow) error {
	return r.Scan(&a.ID, &a.SiteID, &a.PlanID, &a.RecommenderID, &a.InviteeID, &a.Invitee, &a.Currency, &a.Kind, &a.PeriodKey,
		&a.Status, &a.Amount, &a.Basis, &a.CreatedAt)
}

// insertAward records a decision unless the invitee has one of the kind
// and period already: ok false.
func (s *store) insertAward(ctx context.Context, a awardRow) (id int64, ok bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO referral_awards (site_id, plan_id, recommender_id, invitee_id, invitee,
		currency, kind, period_key, status, amount, basis, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT DO NOTHING RETURNING id`, a.SiteID, a.PlanID, a.RecommenderID, a.InviteeID, a.Invitee, a.Currency, a.Kind,
		a.PeriodKey, a.Status, a.Amount, a.Basis, a.CreatedAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("insert referral award: %w", db.MapError(err))
	}
	return id, true, nil
}

// awards are a recommender's awards of status (empty: any) created in
// [from, to) (0: open), newest first, with their count.
func (s *store) awards(ctx context.Context, recommenderID int64, status string, from, to int64, offset, limit int) ([]awardRow, int, error) {
	const where = ` FROM referral_awards WHERE recommender_id = $1 AND ($2 = '' OR status = $2)
		AND created_at >= $3 AND (CAST($4 AS BIGINT) = 0 OR created_at < CAST($4 AS BIGINT))`
	var n int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+where, recommenderID, status, from, to).Scan(&n); err != nil {
		return nil, 0, fmt.Errorf("referral awards: %w", db.MapError(err))
	}
	list, err := db.Query(ctx, s.db.Q(ctx), `SELECT `+awardCols+where+` ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
		scanAward, recommenderID, status, from, to, limit, offset)
	return list, n, err
}

// insertFlag records that a pair was found to be one person (once per
// reason).
func (s *store) insertFlag(ctx context.Context, siteID, recommenderID, inviteeID int64, reason, kind string, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO referral_flags (site_id, recommender_id, invitee_id, reason, award_kind,
		created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, siteID, recommenderID, inviteeID, reason, kind, now)
	if err != nil {
		return fmt.Errorf("insert referral flag: %w", db.MapError(err))
	}
	return nil
}

type flagRow struct {
	ID, RecommenderID, InviteeID int64
	Reason, AwardKind            string
	CreatedAt                    int64
}

func (s *store) flags(ctx context.Context, siteID, beforeID int64, limit int) ([]flagRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, recommender_id, invitee_id, reason, award_kind, created_at FROM referral_flags
		WHERE site_id = $1 AND (CAST($2 AS BIGINT) = 0 OR id < CAST($2 AS BIGINT)) ORDER BY id DESC LIMIT $3`,
		func(r *sql.Rows, f *flagRow) error {
			return r.Scan(&f.ID, &f.RecommenderID, &f.InviteeID, &f.Reason, &f.AwardKind, &f.CreatedAt)
		}, siteID, beforeID, limit)
}

// claimRun marks a plan's period as paid out; false when it was already.
func (s *store) claimRun(ctx context.Context, planID int64, periodKey string, paid, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO referral_runs (plan_id, period_key, paid, done_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, planID, periodKey, paid, now)
	if err != nil {
		return false, fmt.Errorf("claim referral run: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// run is a plan's finished payout of a period: what it paid.
func (s *store) run(ctx context.Context, planID int64, periodKey string) (paid int64, done bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT paid FROM referral_runs WHERE plan_id = $1 AND period_key = $2`,
		planID, periodKey).Scan(&paid)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("referral run: %w", db.MapError(err))
	}
	return paid, true, nil
}
