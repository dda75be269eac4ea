package wallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
	"gamehall/internal/provider"
)

// Transfers between the main wallet and a provider's wallet of the member
// (the transfer-wallet model of real-money play). A transfer is stored
// pending with its money in the member's transit account before the
// provider hears of it; the provider's answer, or the reconciler asking by
// order number when the answer was lost, settles it exactly once: done
// moves the money on, failed moves it back. The ledger's provider wallet
// holds money only for a completed transfer.

// transferRow is a stored transfer.
type transferRow struct {
	ID, SiteID, MemberID int64
	OrderNo, Currency    string
	Provider, Direction  string
	Amount               int64
	Status               string
	CreatedAt, UpdatedAt int64
}

// Codes of transfers and recalls (spec section 8: balance recall).
var (
	ErrRecallRunning  = api.NewError(101, "one_key_err_code_101") // a recall of the member is running
	ErrRecallCooldown = api.NewError(102, "one_key_err_code_102") // within the 10 s cool-down
	ErrRecallPlaying  = api.NewError(103, "one_key_err_code_103") // a game is open
	ErrRecallProvider = api.NewError(104, "one_key_err_code_104") // a provider did not answer: its money stays there
	ErrRecallNothing  = api.NewError(105, "one_key_err_code_105") // nothing to recall
)

func account(kind ledger.AccountKind, m int64, provider string) ledger.Account {
	return ledger.Account{Kind: kind, MemberID: m, Provider: provider}
}

// TransferIn moves amount (0: the whole main wallet) from the main wallet to
// the member's wallet at p. It answers the amount that reached the
// provider: 0 when there was nothing to move; an unknown outcome
// (provider.ErrUnavailable) leaves the transfer to the reconciler.
func (s *Service) TransferIn(ctx context.Context, m Member, p provider.Wallet, amount int64) (int64, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return 0, err
	}
	player := provider.Player{SiteID: m.SiteID, MemberID: m.ID, Currency: m.Currency, Exponent: exp}
	if err := p.EnsurePlayer(ctx, player); err != nil {
		return 0, err
	}
	var row transferRow
	for attempt := 0; ; attempt++ {
		want := amount
		if want == 0 {
			if want, err = s.ledger.Balance(ctx, account(ledger.Main, m.ID, ""), m.Currency); err != nil {
				return 0, err
			}
			if want == 0 {
				return 0, nil
			}
		}
		row, err = s.openTransfer(ctx, m, p.Code(), "in", want)
		// The whole balance was asked and something spent part of it
		// meanwhile: read it again.
		if errors.Is(err, ledger.ErrInsufficient) && amount == 0 && attempt < 3 {
			continue
		}
		if err != nil {
			return 0, err
		}
		break
	}
	res, err := p.TransferIn(ctx, provider.Transfer{OrderNo: row.OrderNo, Player: player, Amount: row.Amount})
	if errors.Is(err, provider.ErrMaintenance) {
		return 0, s.refused(ctx, row)
	}
	if err != nil {
		s.log.WarnContext(ctx, "transfer in: outcome unknown; the reconciler asks", "order_no", row.OrderNo, "provider", p.Code(), "err", err)
		return 0, provider.ErrUnavailable
	}
	if err := s.settleTransfer(ctx, row, res.Status); err != nil {
		return 0, err
	}
	if res.Status != provider.TransferDone {
		return 0, ErrTransferFailed
	}
	return row.Amount, nil
}

// ErrTransferFailed: the provider refused a transfer (nothing moved).
var ErrTransferFailed = api.NewError(957, "wallet_transfer_failed")

// TransferOut moves the member's whole wallet at p back to the main wallet,
// first booking the rounds p settled since the last booking (so the
// ledger's provider wallet is what p holds). It answers the amount moved.
func (s *Service) TransferOut(ctx context.Context, m Member, p provider.Wallet) (int64, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return 0, err
	}
	player := provider.Player{SiteID: m.SiteID, MemberID: m.ID, Currency: m.Currency, Exponent: exp}
	balance, err := p.Balance(ctx, player)
	if errors.Is(err, provider.ErrMaintenance) {
		return 0, err
	}
	if err != nil {
		return 0, provider.ErrUnavailable
	}
	if balance == 0 {
		return 0, nil
	}
	if err := s.BookRounds(ctx, p); err != nil {
		return 0, err
	}
	row, err := s.openTransfer(ctx, m, p.Code(), "out", balance)
	if errors.Is(err, ledger.ErrInsufficient) {
		// The provider holds more than the ledger knows of: rounds not yet
		// listed. The money stays at the provider until they are.
		return 0, provider.ErrUnavailable
	}
	if err != nil {
		return 0, err
	}
	res, err := p.TransferOut(ctx, provider.Transfer{OrderNo: row.OrderNo, Player: player, Amount: row.Amount})
	if errors.Is(err, provider.ErrMaintenance) {
		return 0, s.refused(ctx, row)
	}
	if err != nil {
		s.log.WarnContext(ctx, "transfer out: outcome unknown; the reconciler asks", "order_no", row.OrderNo, "provider", p.Code(), "err", err)
		return 0, provider.ErrUnavailable
	}
	if err := s.settleTransfer(ctx, row, res.Status); err != nil {
		return 0, err
	}
	if res.Status != provider.TransferDone {
		return 0, ErrTransferFailed
	}
	return row.Amount, nil
}

// refused settles a transfer the provider refused for maintenance: it
// recorded the refusal, so the order can never be applied there and its
// money goes back now.
func (s *Service) refused(ctx context.Context, row transferRow) error {
	if err := s.settleTransfer(ctx, row, provider.TransferFailed); err != nil {
		return err
	}
	return provider.ErrMaintenance
}

// openTransfer stores a pending transfer and moves its money into transit,
// in one transaction.
func (s *Service) openTransfer(ctx context.Context, m Member, code, dir string, amount int64) (transferRow, error) {
	now := s.now().UTC()
	row := transferRow{SiteID: m.SiteID, MemberID: m.ID, OrderNo: orderNo("T", now), Currency: m.Currency, Provider: code,
		Direction: dir, Amount: amount, Status: "pending", CreatedAt: now.UnixMicro(), UpdatedAt: now.UnixMicro()}
	from := account(ledger.Main, m.ID, "")
	if dir == "out" {
		from = account(ledger.Provider, m.ID, code)
	}
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		var err error
		if row.ID, err = s.store.insertTransfer(ctx, row); err != nil {
			return err
		}
		kind := ledger.TransferIn
		if dir == "out" {
			kind = ledger.TransferOut
		}
		_, err = s.ledger.Post(ctx, ledger.Entry{Key: "transfer-open:" + row.OrderNo, Kind: kind, Currency: m.Currency,
			Reference: row.OrderNo, Postings: []ledger.Posting{{Account: from, Amount: -amount},
				{Account: account(ledger.Transit, m.ID, code), Amount: amount}}})
		return err
	})
	return row, err
}

// settleTransfer applies a provider's outcome, exactly once: done moves the
// money from transit to its destination, failed (or unknown to the
// provider) back to its source.
func (s *Service) settleTransfer(ctx context.Context, row transferRow, st provider.TransferStatus) error {
	status := "done"
	if st != provider.TransferDone {
		status = "failed"
	}
	return s.db.Tx(ctx, func(ctx context.Context) error {
		ok, err := s.store.closeTransfer(ctx, row.ID, status, s.now().UTC().UnixMicro())
		if err != nil || !ok {
			return err // settled before
		}
		transit := account(ledger.Transit, row.MemberID, row.Provider)
		source, dest := account(ledger.Main, row.MemberID, ""), account(ledger.Provider, row.MemberID, row.Provider)
		kind := ledger.TransferIn
		if row.Direction == "out" {
			source, dest, kind = dest, source, ledger.TransferOut
		}
		to, key := dest, "transfer-done:"
		if status == "failed" {
			to, key, kind = source, "transfer-return:", ledger.TransferReturn
		}
		_, err = s.ledger.Post(ctx, ledger.Entry{Key: key + row.OrderNo, Kind: kind, Currency: row.Currency, Reference: row.OrderNo,
			Postings: []ledger.Posting{{Account: transit, Amount: -row.Amount}, {Account: to, Amount: row.Amount}}})
		return err
	})
}

// transferGrace is how old a pending transfer must be before the
// reconciler asks about it: longer than the call that made it may still
// run (a provider call times out after 3 s, and play1 then settles it by
// one query of its own), short enough that money cut off by a crash is
// not left in transit for long.
const transferGrace = 15 * time.Second

// ReconcileTransfers asks providers about transfers left pending by a lost
// answer, a time-out or a crash, and settles each once. A provider that
// never saw the transfer means it failed: our order number is its
// idempotency key, so it cannot be applied later by a late retry of ours.
func (s *Service) ReconcileTransfers(ctx context.Context, providers func(code string) (provider.Wallet, bool)) error {
	rows, err := s.store.pendingTransfers(ctx, s.now().Add(-transferGrace).UnixMicro(), reconcileBatch)
	if err != nil {
		return err
	}
	for _, row := range rows {
		p, ok := providers(row.Provider)
		if !ok {
			continue
		}
		res, err := p.QueryTransfer(ctx, row.OrderNo)
		if err != nil {
			continue // ask again next time
		}
		if err := s.settleTransfer(ctx, row, res.Status); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "reconcile transfer", "order_no", row.OrderNo, "err", err)
		}
	}
	return nil
}

// BookRounds books the rounds p settled since the last booking into the
// ledger: each bet from the member's provider wallet to p's house, each
// win back, under the round's own key. It stops at a round it cannot book
// yet (a transfer still in transit) and goes on from there next time.
func (s *Service) BookRounds(ctx context.Context, p provider.Wallet) error {
	after, err := s.store.roundCursor(ctx, p.Code())
	if err != nil {
		return err
	}
	for {
		rounds, err := p.Rounds(ctx, after, 500)
		if err != nil {
			return provider.ErrUnavailable
		}
		if len(rounds) == 0 {
			return nil
		}
		for _, r := range rounds {
			if err := s.bookRound(ctx, p.Code(), r); errors.Is(err, ledger.ErrInsufficient) {
				return provider.ErrUnavailable // a transfer in transit: book it later
			} else if err != nil {
				return err
			}
			after = r.ID
		}
	}
}

func (s *Service) bookRound(ctx context.Context, code string, r provider.Round) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		wallet, house := account(ledger.Provider, r.MemberID, code), ledger.Account{Kind: ledger.House, Provider: code}
		ref := fmt.Sprintf("%s:%d", code, r.ID)
		if r.Stake > 0 {
			if _, err := s.ledger.Post(ctx, ledger.Entry{Key: "round-bet:" + ref, Kind: ledger.Bet, Currency: r.Currency,
				Reference: ref, Postings: []ledger.Posting{{Account: wallet, Amount: -r.Stake}, {Account: house, Amount: r.Stake}}}); err != nil {
				return err
			}
		}
		if r.Win > 0 {
			if _, err := s.ledger.Post(ctx, ledger.Entry{Key: "round-win:" + ref, Kind: ledger.Win, Currency: r.Currency,
				Reference: ref, Postings: []ledger.Posting{{Account: house, Amount: -r.Win}, {Account: wallet, Amount: r.Win}}}); err != nil {
				return err
			}
		}
		return s.store.setRoundCursor(ctx, code, r.ID)
	})
}

// ProviderWalletBalance is the member's wallet at a provider as the ledger
// holds it.
func (s *Service) ProviderWalletBalance(ctx context.Context, m Member, code string) (money.Amount, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return money.Amount{}, err
	}
	b, err := s.ledger.Balance(ctx, account(ledger.Provider, m.ID, code), m.Currency)
	return money.Amount{Minor: b, Exp: exp}, err
}

// --- store ---

const transferColumns = `id, site_id, member_id, order_no, currency, provider, direction, amount, status, created_at, updated_at`

func scanTransfer(row interface{ Scan(...any) error }, t *transferRow) error {
	return row.Scan(&t.ID, &t.SiteID, &t.MemberID, &t.OrderNo, &t.Currency, &t.Provider, &t.Direction, &t.Amount, &t.Status,
		&t.CreatedAt, &t.UpdatedAt)
}

func (s *store) insertTransfer(ctx context.Context, t transferRow) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO provider_transfers (order_no, site_id, member_id, currency, provider,
		direction, amount, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) RETURNING id`,
		t.OrderNo, t.SiteID, t.MemberID, t.Currency, t.Provider, t.Direction, t.Amount, t.CreatedAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert transfer: %w", db.MapError(err))
	}
	return id, nil
}

// closeTransfer moves a pending transfer to status; false when it was
// settled before.
func (s *store) closeTransfer(ctx context.Context, id int64, status string, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE provider_transfers SET status = $2, updated_at = $3
		WHERE id = $1 AND status = 'pending'`, id, status, now)
	if err != nil {
		return false, fmt.Errorf("close transfer: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (s *store) pendingTransfers(ctx context.Context, before int64, limit int) ([]transferRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+transferColumns+` FROM provider_transfers WHERE status = 'pending'
		AND updated_at < $1 ORDER BY id LIMIT $2`, func(r *sql.Rows, t *transferRow) error { return scanTransfer(r, t) }, before, limit)
}

// pendingTransfer reports whether the member has a transfer in flight with
// the provider ("" for any).
func (s *store) pendingTransfer(ctx context.Context, memberID int64, code string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM provider_transfers WHERE member_id = $1 AND status = 'pending'
		AND ($2 = '' OR provider = $2)`, memberID, code).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("pending transfers: %w", db.MapError(err))
	}
	return n > 0, nil
}

func (s *store) roundCursor(ctx context.Context, code string) (int64, error) {
	var n int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT last_round FROM provider_round_cursors WHERE provider = $1`, code).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("round cursor: %w", db.MapError(err))
	}
	return n, nil
}

func (s *store) setRoundCursor(ctx context.Context, code string, last int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO provider_round_cursors (provider, last_round) VALUES ($1, $2)
		ON CONFLICT (provider) DO UPDATE SET last_round = $2 WHERE provider_round_cursors.last_round < $2`, code, last)
	if err != nil {
		return fmt.Errorf("round cursor: %w", db.MapError(err))
	}
	return nil
}
