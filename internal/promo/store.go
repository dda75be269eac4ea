package promo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// Store owns red_envelopes, red_envelope_claims, signin_settings and signins.
type Store struct{ db *db.DB }

type envelopeRow struct {
	ID, SiteID             int64
	Currency, TitleI18n    string
	StartAt, EndAt         int64
	Budget, Remaining      int64
	MinAward, MaxAward     int64
	DepositFrom, DepositTo int64
	Claims                 int64
}

const envelopeCols = `e.id, e.site_id, e.currency, e.title_i18n, e.start_at, e.end_at, e.budget, e.remaining, e.min_award,
	e.max_award, e.deposit_from, e.deposit_to, (SELECT COUNT(*) FROM red_envelope_claims c WHERE c.envelope_id = e.id)`

func scanEnvelope(r interface{ Scan(...any) error }, e *envelopeRow) error {
	return r.Scan(&e.ID, &e.SiteID, &e.Currency, &e.TitleI18n, &e.StartAt, &e.EndAt, &e.Budget, &e.Remaining, &e.MinAward,
		&e.MaxAward, &e.DepositFrom, &e.DepositTo, &e.Claims)
}

func scanEnvelopeRows(r *sql.Rows, e *envelopeRow) error { return scanEnvelope(r, e) }

func (s *Store) envelope(ctx context.Context, siteID, id int64) (envelopeRow, bool, error) {
	var e envelopeRow
	err := scanEnvelope(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+envelopeCols+` FROM red_envelopes e
		WHERE e.id = $1 AND e.site_id = $2`, id, siteID), &e)
	if errors.Is(err, sql.ErrNoRows) {
		return envelopeRow{}, false, nil
	}
	if err != nil {
		return envelopeRow{}, false, fmt.Errorf("envelope: %w", db.MapError(err))
	}
	return e, true, nil
}

// openEnvelopes are the envelopes of the member's currency open at now with
// money left that the member has not claimed, ending first first.
func (s *Store) openEnvelopes(ctx context.Context, m Member, now int64) ([]envelopeRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+envelopeCols+` FROM red_envelopes e
		WHERE e.site_id = $1 AND e.currency = $2 AND e.start_at <= $3 AND e.end_at > $3 AND e.remaining > 0
		AND NOT EXISTS (SELECT 1 FROM red_envelope_claims c WHERE c.envelope_id = e.id AND c.member_id = $4)
		ORDER BY e.end_at, e.id LIMIT 10`, scanEnvelopeRows, m.SiteID, m.Currency, now, m.ID)
}

func (s *Store) envelopes(ctx context.Context, siteID, beforeID int64, limit int) ([]envelopeRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+envelopeCols+` FROM red_envelopes e
		WHERE e.site_id = $1 AND (CAST($2 AS BIGINT) = 0 OR e.id < CAST($2 AS BIGINT)) ORDER BY e.id DESC LIMIT $3`,
		scanEnvelopeRows, siteID, beforeID, limit)
}

func (s *Store) claimed(ctx context.Context, envelopeID, memberID int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM red_envelope_claims WHERE envelope_id = $1 AND member_id = $2`,
		envelopeID, memberID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("envelope claimed: %w", db.MapError(err))
	}
	return n > 0, nil
}

// take removes amount from what is left when that much is left; otherwise
// it reports what is left now.
func (s *Store) take(ctx context.Context, id, amount int64) (took bool, left int64, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `UPDATE red_envelopes SET remaining = remaining - $1
		WHERE id = $2 AND remaining >= $1 RETURNING remaining`, amount, id).Scan(&left)
	if err == nil {
		return true, left, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, 0, fmt.Errorf("envelope take: %w", db.MapError(err))
	}
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT remaining FROM red_envelopes WHERE id = $1`, id).Scan(&left)
	if err != nil {
		return false, 0, fmt.Errorf("envelope left: %w", db.MapError(err))
	}
	return false, left, nil
}

// insertClaim records a claim; ok false when the member had claimed.
func (s *Store) insertClaim(ctx context.Context, envelopeID, memberID, amount, now int64) (int64, bool, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO red_envelope_claims (envelope_id, member_id, amount, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (envelope_id, member_id) DO NOTHING RETURNING id`,
		envelopeID, memberID, amount, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("envelope claim: %w", db.MapError(err))
	}
	return id, true, nil
}

func (s *Store) setClaimTx(ctx context.Context, claimID, txID int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE red_envelope_claims SET tx_id = $1 WHERE id = $2`, txID, claimID); err != nil {
		return fmt.Errorf("envelope claim tx: %w", db.MapError(err))
	}
	return nil
}

// insertEnvelope stores e; announced is the start whose display event the
// save itself publishes (0: the scheduler announces it at its start).
func (s *Store) insertEnvelope(ctx context.Context, e envelopeRow, announced, now int64) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO red_envelopes (site_id, currency, title_i18n, start_at, end_at, budget,
		remaining, min_award, max_award, deposit_from, deposit_to, created_at, updated_at, announced_start)
		VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
		e.SiteID, e.Currency, e.TitleI18n, e.StartAt, e.EndAt, e.Budget, e.MinAward, e.MaxAward, e.DepositFrom, e.DepositTo, now,
		announced).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert envelope: %w", db.MapError(err))
	}
	return id, nil
}

func (s *Store) updateEnvelope(ctx context.Context, id int64, e envelopeRow, announced, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE red_envelopes SET currency = $2, title_i18n = $3, start_at = $4, end_at = $5,
		budget = $6, remaining = $7, min_award = $8, max_award = $9, deposit_from = $10, deposit_to = $11, updated_at = $12,
		announced_start = $13 WHERE id = $1`, id, e.Currency, e.TitleI18n, e.StartAt, e.EndAt, e.Budget, e.Remaining, e.MinAward,
		e.MaxAward, e.DepositFrom, e.DepositTo, now, announced)
	if err != nil {
		return fmt.Errorf("update envelope: %w", db.MapError(err))
	}
	return nil
}

// unannounced are the envelopes, of every site, whose start was not
// announced and that have not ended at now, starting first first.
func (s *Store) unannounced(ctx context.Context, now int64, limit int) ([]envelopeRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+envelopeCols+` FROM red_envelopes e
		WHERE e.announced_start <> e.start_at AND e.end_at > $1 ORDER BY e.start_at, e.id LIMIT $2`, scanEnvelopeRows, now, limit)
}

// markAnnounced claims the announcement of the envelope's start: true for
// the one caller (of any node) that set it, false when another did first
// or the start changed meanwhile.
func (s *Store) markAnnounced(ctx context.Context, id, start int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE red_envelopes SET announced_start = start_at
		WHERE id = $1 AND start_at = $2 AND announced_start <> start_at`, id, start)
	if err != nil {
		return false, fmt.Errorf("announce envelope: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type signinSettings struct {
	Currency string
	Enabled  bool
	Awards   []int64
}

func scanSettings(r interface{ Scan(...any) error }, st *signinSettings) error {
	var raw string
	if err := r.Scan(&st.Currency, &st.Enabled, &raw); err != nil {
		return err
	}
	return json.Unmarshal([]byte(raw), &st.Awards)
}

func (s *Store) signinSettings(ctx context.Context, siteID int64, currency string) (signinSettings, error) {
	var st signinSettings
	err := scanSettings(s.db.Q(ctx).QueryRowContext(ctx, `SELECT currency, enabled, awards FROM signin_settings
		WHERE site_id = $1 AND currency = $2`, siteID, currency), &st)
	if errors.Is(err, sql.ErrNoRows) {
		return signinSettings{Currency: currency}, nil
	}
	if err != nil {
		return signinSettings{}, fmt.Errorf("signin settings: %w", db.MapError(err))
	}
	return st, nil
}

func (s *Store) allSigninSettings(ctx context.Context, siteID int64) ([]signinSettings, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT currency, enabled, awards FROM signin_settings WHERE site_id = $1 ORDER BY currency`,
		func(r *sql.Rows, st *signinSettings) error { return scanSettings(r, st) }, siteID)
}

func (s *Store) saveSigninSettings(ctx context.Context, siteID int64, currency string, enabled bool, awards []int64) error {
	raw, err := json.Marshal(awards)
	if err != nil {
		return fmt.Errorf("signin awards: %w", err)
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO signin_settings (site_id, currency, enabled, awards) VALUES ($1, $2, $3, $4)
		ON CONFLICT (site_id, currency) DO UPDATE SET enabled = excluded.enabled, awards = excluded.awards`,
		siteID, currency, enabled, string(raw))
	if err != nil {
		return fmt.Errorf("save signin settings: %w", db.MapError(err))
	}
	return nil
}

type signinRow struct {
	Day    string
	Streak int
	Amount int64
}

func (s *Store) lastSignin(ctx context.Context, memberID int64) (signinRow, bool, error) {
	var r signinRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT day, streak, amount FROM signins WHERE member_id = $1 ORDER BY day DESC LIMIT 1`,
		memberID).Scan(&r.Day, &r.Streak, &r.Amount)
	if errors.Is(err, sql.ErrNoRows) {
		return signinRow{}, false, nil
	}
	if err != nil {
		return signinRow{}, false, fmt.Errorf("last signin: %w", db.MapError(err))
	}
	return r, true, nil
}

// insertSignin records the day's sign-in; false when it was recorded.
func (s *Store) insertSignin(ctx context.Context, m Member, day string, streak int, amount, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO signins (member_id, day, currency, streak, amount, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (member_id, day) DO NOTHING`, m.ID, day, m.Currency, streak, amount, now)
	if err != nil {
		return false, fmt.Errorf("insert signin: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
