package house

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/provider"
)

// Real money at Gamehall Originals: the provider wallet of a member is the
// member's GP001 account in the ledger itself, so transfers need nothing at
// the provider's side and every round posts straight to the ledger (bet to
// the house, win from it) in the transaction that records the round.

// Ledger is what the in-house provider needs of the ledger.
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.Result, error)
	Balance(ctx context.Context, a ledger.Account, currency string) (int64, error)
	ProviderWallets(ctx context.Context, provider string) ([]ledger.ProviderWallet, error)
}

// RealTTL bounds a real-money session (the member leaves long before).
const RealTTL = 12 * time.Hour

// Provider is Gamehall Originals as the platform sees it: demo sessions
// (provider.DemoLauncher) and real money (provider.Wallet).
type Provider struct {
	*DemoSessions
	ledger Ledger
}

// NewProvider returns the in-house provider over its demo sessions and the
// ledger.
func NewProvider(demo *DemoSessions, l Ledger) *Provider {
	return &Provider{DemoSessions: demo, ledger: l}
}

func wallet(memberID int64) ledger.Account {
	return ledger.Account{Kind: ledger.Provider, MemberID: memberID, Provider: ProviderCode}
}

// EnsurePlayer needs nothing: every member is a player here.
func (p *Provider) EnsurePlayer(context.Context, provider.Player) error { return nil }

// TransferIn and TransferOut are done the moment the platform's ledger
// moves the money: the wallet they fill is that ledger account.
func (p *Provider) TransferIn(ctx context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return provider.TransferResult{OrderNo: t.OrderNo, Status: provider.TransferDone}, nil
}

// TransferOut is TransferIn's reverse (see there).
func (p *Provider) TransferOut(ctx context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return provider.TransferResult{OrderNo: t.OrderNo, Status: provider.TransferDone}, nil
}

// QueryTransfer answers done: a transfer to the in-house provider cannot
// fail at its side.
func (p *Provider) QueryTransfer(_ context.Context, orderNo string) (provider.TransferResult, error) {
	return provider.TransferResult{OrderNo: orderNo, Status: provider.TransferDone}, nil
}

// Balance is the member's GP001 wallet.
func (p *Provider) Balance(ctx context.Context, pl provider.Player) (int64, error) {
	return p.ledger.Balance(ctx, wallet(pl.MemberID), pl.Currency)
}

// Rounds answers none: in-house rounds post to the ledger as they settle.
func (p *Provider) Rounds(context.Context, int64, int) ([]provider.Round, error) { return nil, nil }

// Records are the GP001 wallets (the ledger is the in-house record).
func (p *Provider) Records(ctx context.Context) ([]provider.WalletRecord, error) {
	ws, err := p.ledger.ProviderWallets(ctx, ProviderCode)
	if err != nil {
		return nil, err
	}
	out := make([]provider.WalletRecord, len(ws))
	for i, w := range ws {
		out[i] = provider.WalletRecord{MemberID: w.MemberID, Currency: w.Currency, Balance: w.Balance}
	}
	return out, nil
}

// LaunchURL opens a real-money session of the game and answers its page.
func (p *Provider) LaunchURL(ctx context.Context, l provider.Launch) (string, error) {
	if !p.Has(l.GameCode) {
		return "", ErrUnknownGame
	}
	id, err := newID()
	if err != nil {
		return "", err
	}
	now := p.now().UTC()
	_, err = p.store.db.Q(ctx).ExecContext(ctx, `INSERT INTO house_sessions (id_hash, site_id, member_id, game_code, currency,
		exponent, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, HashID(id), l.Player.SiteID, l.Player.MemberID,
		l.GameCode, l.Player.Currency, l.Player.Exponent, now.UnixMicro(), now.Add(RealTTL).UnixMicro())
	if err != nil {
		return "", fmt.Errorf("house session: %w", db.MapError(err))
	}
	return GameURL(l.GameCode, id), nil
}

// Leave closes the member's real-money sessions: their pages can play no
// more rounds.
func (p *Provider) Leave(ctx context.Context, pl provider.Player) error {
	p.store.db.Forget(ctx)
	_, err := p.store.db.Q(ctx).ExecContext(ctx, `UPDATE house_sessions SET closed_at = $2 WHERE member_id = $1 AND closed_at = 0`,
		pl.MemberID, p.now().UTC().UnixMicro())
	if err != nil {
		return fmt.Errorf("leave: %w", db.MapError(err))
	}
	return nil
}

// playable answers the session's balance, or why a round of stake cannot
// be played on it (ctx carries the round's transaction): the session was
// left or expired (ErrSessionNotFound), or its balance does not cover the
// stake. The stake is taken later by a conditional update all the same.
func (s *Store) playable(ctx context.Context, l Ledger, ps playSession, idHash string, stake, now int64) (balance int64, refused, err error) {
	if ps.memberID == 0 {
		err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT balance FROM demo_sessions WHERE id_hash = $1 AND expires_at > $2`,
			idHash, now).Scan(&balance)
	} else {
		// Asked by every round: on the SQLite writer the session's end is
		// remembered (only a leave changes it, a write that forgets) and
		// judged against now.
		var end sessionEnd
		end, err = db.Recall(ctx, s.db, liveSession(idHash), func(ctx context.Context) (sessionEnd, error) {
			var e sessionEnd
			err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT closed_at, expires_at FROM house_sessions WHERE id_hash = $1`, idHash).
				Scan(&e.closedAt, &e.expiresAt)
			return e, err
		})
		if err == nil && (end.closedAt != 0 || end.expiresAt <= now) {
			err = sql.ErrNoRows
		}
		if err == nil {
			balance, err = l.Balance(ctx, wallet(ps.memberID), ps.Currency)
		}
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, ErrSessionNotFound, nil
	case err != nil:
		return 0, nil, fmt.Errorf("session: %w", db.MapError(err))
	case balance < stake && ps.memberID == 0:
		return 0, ErrInsufficient, nil
	case balance < stake:
		return 0, ErrInsufficientFunds, nil
	}
	return balance, nil, nil
}

// sessionEnd is when a real-money session was left (0: not) and when it
// expires, unix microseconds.
type sessionEnd struct{ closedAt, expiresAt int64 }

// liveSession keys a session's end in the writer's memory.
type liveSession string

// realSession is a live real-money session.
type realSession struct {
	SiteID, MemberID int64
	GameCode         string
	Currency         string
	Exponent         int
	CreatedAt        int64
}

// real loads the live real-money session with id; db.ErrNotFound when
// there is none, it expired or it was left.
func (s *Store) real(ctx context.Context, idHash string, now int64) (realSession, error) {
	var r realSession
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT site_id, member_id, game_code, currency, exponent, created_at FROM house_sessions
		WHERE id_hash = $1 AND closed_at = 0 AND expires_at > $2`, idHash, now).Scan(&r.SiteID, &r.MemberID, &r.GameCode,
		&r.Currency, &r.Exponent, &r.CreatedAt)
	if err != nil {
		return realSession{}, fmt.Errorf("real session: %w", db.MapError(err))
	}
	return r, nil
}

// settleReal records a real-money round and posts it to the ledger in the
// transaction ctx carries (the round's): the bet from the member's GP001
// wallet to the house, and the win back. The round's row claims its request
// id first, so a concurrent retry conflicts with it.
func (s *Store) settleReal(ctx context.Context, l Ledger, guard BetGuard, r RoundRow, siteID, memberID int64, exp int, since int64) (out RoundRow, err error) {
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if guard != nil {
			if err := guard.CheckBet(ctx, siteID, memberID, r.Currency, exp, r.Stake, since); err != nil {
				return err
			}
		}
		// The round is written with the balances its postings should leave
		// (r.BalanceBefore is the wallet as the transaction read it), and
		// corrected below when they left others.
		expected := RoundRow{BalanceBefore: r.BalanceBefore, BalanceAfter: max(0, r.BalanceBefore-r.Stake+r.Win)}
		err := s.db.Row(ctx, s.realRoundSQL, []any{r.SessionHash, r.RequestID, memberID, r.GameCode, r.GameVersion, r.Currency,
			r.Stake, r.Win, expected.BalanceBefore, expected.BalanceAfter, r.Choices, r.Outcome, r.CreatedAt, r.SeedID, r.Nonce,
			r.Commitment, r.ClientSeed, r.Device, r.StakeBand, r.Par, r.ParVar}, &r.ID)
		if err != nil {
			return fmt.Errorf("record round: %w", err)
		}
		ref := fmt.Sprintf("%s:%d", ProviderCode, r.ID)
		w, house := wallet(memberID), ledger.Account{Kind: ledger.House, Provider: ProviderCode}
		postings := []ledger.Posting{{Account: w, Amount: -r.Stake}, {Account: house, Amount: r.Stake}}
		if r.jackpot != nil {
			c, err := s.feed(ctx, r.jackpot, r.SessionHash, r.Stake)
			if err != nil {
				return err
			}
			if c > 0 {
				postings = []ledger.Posting{{Account: w, Amount: -r.Stake}, {Account: pool(), Amount: c}}
				if r.Stake > c {
					postings = append(postings, ledger.Posting{Account: house, Amount: r.Stake - c})
				}
			}
		}
		bet, err := l.Post(ctx, ledger.Entry{Key: "round-bet:" + ref, Kind: ledger.Bet, Currency: r.Currency, Reference: ref,
			Postings: postings})
		if err != nil {
			return err
		}
		r.BalanceAfter = bet.Balance(w)
		r.BalanceBefore = r.BalanceAfter + r.Stake
		if r.Win > 0 {
			win, err := l.Post(ctx, ledger.Entry{Key: "round-win:" + ref, Kind: ledger.Win, Currency: r.Currency, Reference: ref,
				Postings: []ledger.Posting{{Account: house, Amount: -r.Win}, {Account: w, Amount: r.Win}}})
			if err != nil {
				return err
			}
			r.BalanceAfter = win.Balance(w)
		}
		if r.hit && r.jackpot != nil {
			if r.Jackpot, err = s.payJackpot(ctx, l, r.Currency, memberID, ref, r.CreatedAt); err != nil {
				return err
			}
			r.BalanceAfter += r.Jackpot
		}
		if r.BalanceBefore != expected.BalanceBefore || r.BalanceAfter != expected.BalanceAfter || r.Jackpot != 0 {
			// The jackpot, or a movement of the wallet between the read and
			// the postings (PostgreSQL, which does not run one writer).
			if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE game_rounds SET balance_before = $2, balance_after = $3, jackpot = $4
				WHERE id = $1`, r.ID, r.BalanceBefore, r.BalanceAfter, r.Jackpot); err != nil {
				return fmt.Errorf("round balances: %w", db.MapError(err))
			}
		}
		out = r
		return nil
	})
	if errors.Is(err, ledger.ErrInsufficient) {
		return RoundRow{}, errShort
	}
	return out, err
}
