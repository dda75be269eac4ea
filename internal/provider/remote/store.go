package remote

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// store is the sandbox provider's own tables (remote_*).
type store struct{ db *db.DB }

// transferRow is a transfer as the provider recorded it.
type transferRow struct {
	Provider     string
	OrderNo      string
	Username     string
	Direction    string
	Amount       int64
	Status       string // done, failed, void (never seen before a query)
	BalanceAfter int64
}

var errUnknownPlayer = errors.New("remote: unknown player")

func (s *store) ensurePlayer(ctx context.Context, code, username string, memberID int64, currency string, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO remote_players (provider, username, member_id, currency, created_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, username) DO NOTHING`, code, username, memberID, currency, now)
	if err != nil {
		return fmt.Errorf("remote player: %w", db.MapError(err))
	}
	return nil
}

func (s *store) balance(ctx context.Context, code, username string) (int64, error) {
	var b int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT balance FROM remote_players WHERE provider = $1 AND username = $2`, code,
		username).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errUnknownPlayer
	}
	if err != nil {
		return 0, fmt.Errorf("remote balance: %w", db.MapError(err))
	}
	return b, nil
}

func (s *store) transferByOrder(ctx context.Context, code, orderNo string) (transferRow, error) {
	t := transferRow{Provider: code}
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT order_no, username, direction, amount, status, balance_after
		FROM remote_transfers WHERE provider = $1 AND order_no = $2`, code, orderNo).Scan(&t.OrderNo, &t.Username, &t.Direction, &t.Amount, &t.Status,
		&t.BalanceAfter)
	if err != nil {
		return transferRow{}, fmt.Errorf("remote transfer: %w", db.MapError(err))
	}
	return t, nil
}

// transfer applies a transfer once per order number: a second call with
// the same number answers the first outcome (whatever its content).
// refuse records it failed without touching the balance (maintenance).
func (s *store) transfer(ctx context.Context, t transferRow, refuse bool, now int64) (transferRow, error) {
	out, err := s.applyTransfer(ctx, t, refuse, now)
	if errors.Is(err, db.ErrConflict) {
		// A concurrent call with the same number won: answer its outcome.
		return s.transferByOrder(ctx, t.Provider, t.OrderNo)
	}
	return out, err
}

func (s *store) applyTransfer(ctx context.Context, t transferRow, refuse bool, now int64) (out transferRow, err error) {
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if prev, err := s.transferByOrder(ctx, t.Provider, t.OrderNo); err == nil {
			out = prev
			return nil
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		q := s.db.Q(ctx)
		t.Status = "done"
		var err error
		switch {
		case refuse:
			t.Status = "failed"
			t.BalanceAfter, err = s.balance(ctx, t.Provider, t.Username)
		case t.Direction == "in":
			err = q.QueryRowContext(ctx, `UPDATE remote_players SET balance = balance + $3 WHERE provider = $1 AND username = $2
				RETURNING balance`, t.Provider, t.Username, t.Amount).Scan(&t.BalanceAfter)
		default:
			err = q.QueryRowContext(ctx, `UPDATE remote_players SET balance = balance - $3 WHERE provider = $1 AND username = $2
				AND balance >= $3 RETURNING balance`, t.Provider, t.Username, t.Amount).Scan(&t.BalanceAfter)
			if errors.Is(err, sql.ErrNoRows) {
				t.Status = "failed" // the wallet holds less
				t.BalanceAfter, err = s.balance(ctx, t.Provider, t.Username)
			}
		}
		if errors.Is(err, sql.ErrNoRows) {
			return errUnknownPlayer
		}
		if err != nil {
			return fmt.Errorf("remote transfer: %w", db.MapError(err))
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO remote_transfers (provider, order_no, username, direction, amount, status,
			balance_after, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, t.Provider, t.OrderNo, t.Username, t.Direction, t.Amount, t.Status,
			t.BalanceAfter, now); err != nil {
			return fmt.Errorf("remote transfer: %w", db.MapError(err))
		}
		out = t
		return nil
	})
	return out, err
}

// queryTransfer answers the transfer of orderNo; one never seen is stored
// void first, so it can no longer be applied by a request arriving late.
func (s *store) queryTransfer(ctx context.Context, code, orderNo string, now int64) (transferRow, error) {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO remote_transfers (provider, order_no, username, direction, amount,
		status, created_at) VALUES ($1, $2, '', 'none', 0, 'void', $3) ON CONFLICT (provider, order_no) DO NOTHING`, code, orderNo,
		now); err != nil {
		return transferRow{}, fmt.Errorf("remote query: %w", db.MapError(err))
	}
	return s.transferByOrder(ctx, code, orderNo)
}

// session is a live game session.
type session struct {
	IDHash   string
	Provider string
	Username string
	MemberID int64
	GameCode string
	Currency string
	Exponent int
	Demo     bool
	Balance  int64 // demo sessions only
	// The reality check handed over at launch: the interval (0: none), the
	// start of the running one, and the pages its dialog links to.
	RealityMinutes        int
	RealityFrom           int64
	HistoryURL, LimitsURL string
	CreatedAt             int64
}

func (s *store) createSession(ctx context.Context, se session, now, expires int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO remote_sessions (id_hash, provider, username, game_code, currency, exponent,
		demo, balance, created_at, expires_at, reality_minutes, reality_from, history_url, limits_url)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $12, $13)`, se.IDHash, se.Provider, se.Username, se.GameCode,
		se.Currency, se.Exponent, se.Demo, se.Balance, now, expires, se.RealityMinutes, se.HistoryURL, se.LimitsURL)
	if err != nil {
		return fmt.Errorf("remote session: %w", db.MapError(err))
	}
	return nil
}

// liveSession loads an open, unexpired session with its balance (the
// player's wallet for real money); db.ErrNotFound otherwise.
func (s *store) liveSession(ctx context.Context, idHash string, now int64) (session, error) {
	var se session
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT s.id_hash, s.provider, s.username, COALESCE(p.member_id, 0), s.game_code,
		s.currency, s.exponent, s.demo, CASE WHEN s.demo THEN s.balance ELSE COALESCE(p.balance, 0) END, s.reality_minutes,
		s.reality_from, s.history_url, s.limits_url, s.created_at
		FROM remote_sessions s LEFT JOIN remote_players p ON p.provider = s.provider AND p.username = s.username
		WHERE s.id_hash = $1 AND s.closed_at = 0 AND s.expires_at > $2`, idHash, now).Scan(&se.IDHash, &se.Provider, &se.Username,
		&se.MemberID, &se.GameCode, &se.Currency, &se.Exponent, &se.Demo, &se.Balance, &se.RealityMinutes, &se.RealityFrom,
		&se.HistoryURL, &se.LimitsURL, &se.CreatedAt)
	if err != nil {
		return session{}, fmt.Errorf("remote session: %w", db.MapError(err))
	}
	return se, nil
}

func (s *store) closeSessions(ctx context.Context, code, username string, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE remote_sessions SET closed_at = $3 WHERE provider = $1 AND username = $2
		AND closed_at = 0`, code, username, now)
	if err != nil {
		return fmt.Errorf("remote leave: %w", db.MapError(err))
	}
	return nil
}

// ackReality restarts the session's reality interval at now, once: only
// the acknowledgement that finds the interval it saw (from) moves it.
func (s *store) ackReality(ctx context.Context, idHash string, from, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE remote_sessions SET reality_from = $3 WHERE id_hash = $1 AND reality_from = $2`,
		idHash, from, now)
	if err != nil {
		return false, fmt.Errorf("remote reality ack: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("remote reality ack: %w", db.MapError(err))
	}
	return n == 1, nil
}

// sessionNet is what the session's rounds won minus what they staked.
func (s *store) sessionNet(ctx context.Context, idHash string) (int64, error) {
	var net int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(SUM(win), 0) - COALESCE(SUM(stake), 0) FROM remote_rounds
		WHERE session_hash = $1`, idHash).Scan(&net)
	if err != nil {
		return 0, fmt.Errorf("remote session net: %w", db.MapError(err))
	}
	return net, nil
}

// historyRow is a round as the page's history panel shows it.
type historyRow struct {
	ID           int64
	Stake, Win   int64
	BalanceAfter int64
	CreatedAt    int64
}

// history is the session's player's latest rounds of its game, newest
// first: a real-money player's rounds in every session of theirs, a demo
// session's own rounds (demo players have no name to tell them apart).
func (s *store) history(ctx context.Context, se session, limit int) ([]historyRow, error) {
	scan := func(r *sql.Rows, x *historyRow) error {
		return r.Scan(&x.ID, &x.Stake, &x.Win, &x.BalanceAfter, &x.CreatedAt)
	}
	if se.Demo || se.Username == "" {
		return db.Query(ctx, s.db.Q(ctx), `SELECT id, stake, win, balance_after, created_at FROM remote_rounds
			WHERE session_hash = $1 ORDER BY id DESC LIMIT $2`, scan, se.IDHash, limit)
	}
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, stake, win, balance_after, created_at FROM remote_rounds
		WHERE provider = $1 AND username = $2 AND game_code = $3 ORDER BY id DESC LIMIT $4`, scan, se.Provider, se.Username,
		se.GameCode, limit)
}

// roundRow is a settled round.
type roundRow struct {
	Seq          int64
	RequestID    string
	MemberID     int64
	Currency     string
	GameCode     string
	Stake, Win   int64
	BalanceAfter int64
	Outcome      string
	CreatedAt    int64
}

var errShort = errors.New("remote: balance below the stake")

// settleRound takes the stake and pays the win against the session's
// money (the player's wallet, or the demo session's balance) and records
// the round, in one transaction; a retried request id answers the stored
// round without drawing or moving money again.
func (s *store) settleRound(ctx context.Context, se session, r roundRow) (roundRow, error) {
	out, err := s.applyRound(ctx, se, r)
	if errors.Is(err, db.ErrConflict) {
		return s.roundByRequest(ctx, se.IDHash, r.RequestID)
	}
	return out, err
}

func (s *store) applyRound(ctx context.Context, se session, r roundRow) (out roundRow, err error) {
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if prev, err := s.roundByRequest(ctx, se.IDHash, r.RequestID); err == nil {
			out = prev
			return nil
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		q := s.db.Q(ctx)
		var err error
		if se.Demo {
			err = q.QueryRowContext(ctx, `UPDATE remote_sessions SET balance = balance - $2 + $3 WHERE id_hash = $1 AND balance >= $2
				RETURNING balance`, se.IDHash, r.Stake, r.Win).Scan(&r.BalanceAfter)
		} else {
			err = q.QueryRowContext(ctx, `UPDATE remote_players SET balance = balance - $3 + $4 WHERE provider = $1 AND username = $2
				AND balance >= $3 RETURNING balance`, se.Provider, se.Username, r.Stake, r.Win).Scan(&r.BalanceAfter)
		}
		if errors.Is(err, sql.ErrNoRows) {
			return errShort
		}
		if err != nil {
			return fmt.Errorf("remote round: %w", db.MapError(err))
		}
		if !se.Demo {
			// The sequence row is held until commit, so sequence order is
			// commit order.
			if err := q.QueryRowContext(ctx, `INSERT INTO remote_counters (name, value) VALUES ('rounds', 1)
				ON CONFLICT (name) DO UPDATE SET value = remote_counters.value + 1 RETURNING value`).Scan(&r.Seq); err != nil {
				return fmt.Errorf("remote round seq: %w", db.MapError(err))
			}
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO remote_rounds (provider, seq, session_hash, request_id, username, member_id,
			currency, game_code, stake, win, balance_after, outcome, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, se.Provider, r.Seq, se.IDHash, r.RequestID, se.Username, se.MemberID, se.Currency, se.GameCode, r.Stake, r.Win, r.BalanceAfter,
			r.Outcome, r.CreatedAt); err != nil {
			return fmt.Errorf("remote round: %w", db.MapError(err))
		}
		out = r
		return nil
	})
	return out, err
}

const roundColumns = `seq, request_id, member_id, currency, game_code, stake, win, balance_after, outcome, created_at`

func scanRound(r interface{ Scan(...any) error }, x *roundRow) error {
	return r.Scan(&x.Seq, &x.RequestID, &x.MemberID, &x.Currency, &x.GameCode, &x.Stake, &x.Win, &x.BalanceAfter, &x.Outcome,
		&x.CreatedAt)
}

func (s *store) roundByRequest(ctx context.Context, sessionHash, requestID string) (roundRow, error) {
	var r roundRow
	err := scanRound(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+roundColumns+` FROM remote_rounds
		WHERE session_hash = $1 AND request_id = $2`, sessionHash, requestID), &r)
	if err != nil {
		return roundRow{}, fmt.Errorf("remote round: %w", db.MapError(err))
	}
	return r, nil
}

// rounds lists a provider code's real-money rounds with a sequence number
// above after (the sequence is shared by every code, so one code's numbers
// have gaps but still follow commit order).
func (s *store) rounds(ctx context.Context, code string, after int64, limit int) ([]roundRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+roundColumns+` FROM remote_rounds WHERE provider = $1 AND seq > $2
		ORDER BY seq LIMIT $3`, func(r *sql.Rows, x *roundRow) error { return scanRound(r, x) }, code, after, limit)
}

// playerRecord is one wallet the provider holds.
type playerRecord struct {
	MemberID int64  `json:"member_id"`
	Currency string `json:"currency"`
	Balance  int64  `json:"balance"`
}

func (s *store) records(ctx context.Context, code string) ([]playerRecord, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT member_id, currency, balance FROM remote_players WHERE provider = $1
		ORDER BY username`, func(r *sql.Rows, p *playerRecord) error { return r.Scan(&p.MemberID, &p.Currency, &p.Balance) }, code)
}

// Faults are the failures the sandbox provider plays, switched at run time
// by the operator API or a test. Slow, Error and LostReply hit transfers.
type Faults struct {
	// Slow applies a transfer, then answers later than the platform waits.
	Slow bool `json:"slow"`
	// Error answers an error without applying the transfer.
	Error bool `json:"error"`
	// LostReply applies the transfer and drops the connection instead of
	// answering.
	LostReply bool `json:"lost_reply"`
	// Maintenance refuses new players, transfers, balances, launches and
	// spins with the maintenance code (queries, rounds and records still
	// answer); a transfer is recorded refused, so it can never be applied
	// later.
	Maintenance bool `json:"maintenance"`
}

func (s *store) faults(ctx context.Context, code string) (Faults, error) {
	var f Faults
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT slow, error, lost_reply, maintenance FROM remote_faults WHERE provider = $1`,
		code).Scan(&f.Slow, &f.Error, &f.LostReply, &f.Maintenance)
	if errors.Is(err, sql.ErrNoRows) {
		return Faults{}, nil
	}
	if err != nil {
		return Faults{}, fmt.Errorf("remote faults: %w", db.MapError(err))
	}
	return f, nil
}

func (s *store) setFaults(ctx context.Context, code string, f Faults, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO remote_faults (provider, slow, error, lost_reply, maintenance, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider) DO UPDATE SET slow = $2, error = $3, lost_reply = $4,
		maintenance = $5, updated_at = $6`, code, f.Slow, f.Error, f.LostReply, f.Maintenance, now)
	if err != nil {
		return fmt.Errorf("remote faults: %w", db.MapError(err))
	}
	return nil
}
