package house

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamehall/internal/db"
)

// RoundRow is one stored round.
type RoundRow struct {
	ID            int64
	SessionHash   string
	RequestID     string
	Demo          bool
	GameCode      string
	GameVersion   string
	Currency      string
	Stake         int64
	Win           int64
	BalanceBefore int64
	BalanceAfter  int64
	Choices       string
	Outcome       string
	CreatedAt     int64
	// Jackpot is a real-money round's jackpot win (balance_after has it).
	Jackpot int64
	// SeedID, Nonce, Commitment and ClientSeed are what the round was drawn
	// from (SeedID is null for rounds from before provably fair play).
	SeedID, Nonce          sql.NullInt64
	Commitment, ClientSeed string
	// Device, StakeBand, Par and ParVar group and weigh the round in the
	// RTP monitor.
	Device, StakeBand string
	Par, ParVar       float64
	// jackpot and hit tell SettleRealRound to feed the pool and pay it.
	jackpot *Jackpot
	hit     bool
}

const roundColumns = `id, session_hash, request_id, demo, game_code, game_version, currency, stake, win, balance_before,
	balance_after, choices, outcome, created_at, jackpot, fair_seed_id, nonce, commitment, client_seed`

func scanRound(row interface{ Scan(...any) error }, r *RoundRow) error {
	return row.Scan(&r.ID, &r.SessionHash, &r.RequestID, &r.Demo, &r.GameCode, &r.GameVersion, &r.Currency, &r.Stake, &r.Win,
		&r.BalanceBefore, &r.BalanceAfter, &r.Choices, &r.Outcome, &r.CreatedAt, &r.Jackpot,
		&r.SeedID, &r.Nonce, &r.Commitment, &r.ClientSeed)
}

// errShort is a stake the balance does not cover.
var errShort = errors.New("stake exceeds balance")

// SettleDemoRound takes the stake and pays the win on a live demo session in
// one conditional update (the stake must be covered before any win counts)
// and records the round, in one transaction. A round with the same request
// id already recorded is returned instead (with existing true).
func (s *Store) SettleDemoRound(ctx context.Context, r RoundRow) (out RoundRow, existing bool, err error) {
	err = s.commit(ctx, func(ctx context.Context) error {
		if prev, err := s.RoundByRequest(ctx, r.SessionHash, r.RequestID); err == nil {
			out, existing = prev, true
			return nil
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		out, err = s.settleDemo(ctx, r)
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		// A concurrent retry of the same request id committed first: its
		// round stands, this one rolled back (balance included).
		prev, err := s.RoundByRequest(ctx, r.SessionHash, r.RequestID)
		return prev, err == nil, err
	}
	return out, existing, err
}

// settleDemo settles a demo round in the transaction ctx carries (see
// SettleDemoRound).
func (s *Store) settleDemo(ctx context.Context, r RoundRow) (out RoundRow, err error) {
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		var after int64
		err := s.db.Row(ctx, s.demoBalanceSQL, []any{r.Stake, r.Win, r.CreatedAt, r.SessionHash}, &after)
		if errors.Is(err, sql.ErrNoRows) {
			var live int
			if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions WHERE id_hash = $1 AND expires_at > $2`,
				r.SessionHash, r.CreatedAt).Scan(&live); err != nil {
				return fmt.Errorf("demo round: %w", db.MapError(err))
			}
			if live == 0 {
				return fmt.Errorf("demo round: %w", db.ErrNotFound)
			}
			return errShort
		}
		if err != nil {
			return fmt.Errorf("demo round: %w", db.MapError(err))
		}
		r.BalanceAfter, r.BalanceBefore = after, after+r.Stake-r.Win
		err = s.db.Row(ctx, s.demoRoundSQL, []any{r.SessionHash, r.RequestID, r.GameCode, r.GameVersion, r.Currency, r.Stake,
			r.Win, r.BalanceBefore, r.BalanceAfter, r.Choices, r.Outcome, r.CreatedAt, r.SeedID, r.Nonce, r.Commitment, r.ClientSeed,
			r.Device, r.StakeBand, r.Par, r.ParVar}, &r.ID)
		if err != nil {
			return fmt.Errorf("record round: %w", err)
		}
		r.Demo, out = true, r
		return nil
	})
	return out, err
}

// RoundByRequest loads the session's round recorded for requestID;
// db.ErrNotFound when there is none.
func (s *Store) RoundByRequest(ctx context.Context, sessionHash, requestID string) (RoundRow, error) {
	var r RoundRow
	err := scanRound(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+roundColumns+` FROM game_rounds WHERE session_hash = $1 AND request_id = $2`,
		sessionHash, requestID), &r)
	if err != nil {
		return RoundRow{}, fmt.Errorf("round: %w", db.MapError(err))
	}
	return r, nil
}

// Rounds lists a session's newest rounds.
func (s *Store) Rounds(ctx context.Context, sessionHash string, limit int) ([]RoundRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+roundColumns+` FROM game_rounds WHERE session_hash = $1 ORDER BY id DESC LIMIT $2`,
		func(rows *sql.Rows, r *RoundRow) error { return scanRound(rows, r) }, sessionHash, limit)
}

// RoundGames maps each of ids that names a round to its game code.
func (s *Store) RoundGames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for chunk := range slices.Chunk(ids, 500) {
		marks := make([]string, len(chunk))
		args := make([]any, len(chunk))
		for i, id := range chunk {
			marks[i], args[i] = "$"+strconv.Itoa(i+1), id
		}
		rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT id, game_code FROM game_rounds WHERE id IN (`+strings.Join(marks, ", ")+`)`,
			func(r *sql.Rows, v *struct {
				id   int64
				code string
			}) error {
				return r.Scan(&v.id, &v.code)
			}, args...)
		if err != nil {
			return nil, fmt.Errorf("games of rounds: %w", err)
		}
		for _, r := range rows {
			out[r.id] = r.code
		}
	}
	return out, nil
}
