package wallet

import (
	"context"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// ProviderWallet names a game provider whose wallet the member may hold.
type ProviderWallet struct {
	GPID      int64
	Code      string
	Name      string
	IconLight string
	IconDark  string
}

// Providers lists the providers members hold wallets at (the catalogue).
type Providers interface {
	WalletProviders(ctx context.Context) ([]ProviderWallet, error)
}

// CashEntry is one wallet of my_cash: gp_id 0 is the main (centre) wallet.
type CashEntry struct {
	GPID     int64        `json:"gp_id"`
	GPCode   string       `json:"gp_code"`
	Name     string       `json:"name"`
	IsLight  string       `json:"is_light"`
	IconDark string       `json:"icon_dark"`
	Balance  money.Amount `json:"balance"`
}

// MyCash is /member/profile/my_cash.
type MyCash struct {
	List  []CashEntry  `json:"my_cash_list"`
	Total money.Amount `json:"total"`
}

// MyCash lists the member's main wallet and a wallet per provider, with the
// total of them all (withdrawals on hold are not cash to spend).
func (s *Service) MyCash(ctx context.Context, m Member, providers Providers) (MyCash, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return MyCash{}, err
	}
	bal, err := s.ledger.Balances(ctx, m.ID, m.Currency)
	if err != nil {
		return MyCash{}, err
	}
	main := bal[ledger.Account{Kind: ledger.Main, MemberID: m.ID}]
	out := MyCash{List: []CashEntry{{Name: "main", Balance: money.Amount{Minor: main, Exp: exp}}}}
	total := main
	if providers != nil {
		list, err := providers.WalletProviders(ctx)
		if err != nil {
			return MyCash{}, err
		}
		for _, p := range list {
			b := bal[ledger.Account{Kind: ledger.Provider, MemberID: m.ID, Provider: p.Code}]
			total += b
			out.List = append(out.List, CashEntry{GPID: p.GPID, GPCode: p.Code, Name: p.Name, IsLight: p.IconLight,
				IconDark: p.IconDark, Balance: money.Amount{Minor: b, Exp: exp}})
		}
	}
	out.Total = money.Amount{Minor: total, Exp: exp}
	return out, nil
}

// LayoutState is the wallet's part of the member layout.
type LayoutState struct {
	Cash         money.Amount
	WalletStatus int
	NeedBank     bool
}

// wallet_status, from the member's ledger accounts: whether all the money
// to spend is in the main wallet, or part of it is still in a provider's
// wallet (a game holds it, or its recall is pending). The spec names the
// field only; these are the two states a transfer wallet can be in.
const (
	WalletInMain     = 1
	WalletInProvider = 2
)

// Layout is the wallet's part of member_common_layout: the main wallet's
// balance, where the member's money is, and whether a bank account must be
// bound before a deposit.
func (s *Service) Layout(ctx context.Context, m Member) (LayoutState, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return LayoutState{}, err
	}
	bal, err := s.ledger.Balances(ctx, m.ID, m.Currency)
	if err != nil {
		return LayoutState{}, err
	}
	status := WalletInMain
	for a, b := range bal {
		if a.Kind == ledger.Provider && b != 0 {
			status = WalletInProvider
		}
	}
	need, err := s.NeedsBank(ctx, m.SiteID, m.ID, m.Currency)
	if err != nil {
		return LayoutState{}, err
	}
	main := bal[ledger.Account{Kind: ledger.Main, MemberID: m.ID}]
	return LayoutState{Cash: money.Amount{Minor: main, Exp: exp}, WalletStatus: status, NeedBank: need}, nil
}

// Page bounds of the member's lists.
const (
	defaultCount = 20
	maxCount     = 100
)

// RecordQuery filters DWRecord and Transaction.
type RecordQuery struct {
	Type  string   `json:"type"`  // DWRecord: deposit, withdrawal or "" for both
	Kinds []string `json:"kinds"` // Transaction: ledger kinds, empty for all
	From  string   `json:"from"`  // RFC 3339 or YYYY-MM-DD (site zone), inclusive
	To    string   `json:"to"`    // exclusive when a time, the whole day when a date
	Page  int      `json:"page"`
	Count int      `json:"count"`
}

// window reads the date range in the site's display zone.
func (q RecordQuery) window(zone *time.Location) (from, to int64, err error) {
	parse := func(field, v string, end bool) (int64, error) {
		if v == "" {
			return 0, nil
		}
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			return t.UTC().UnixMicro(), nil
		}
		d, err := time.ParseInLocation("2006-01-02", v, zone)
		if err != nil {
			return 0, api.Bad(field, "must be a date (YYYY-MM-DD) or an RFC 3339 time")
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
		return 0, 0, api.Bad("to", "must be after from")
	}
	return from, to, nil
}

func (q RecordQuery) paging() (offset, limit int, err error) {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Count == 0 {
		q.Count = defaultCount
	}
	if q.Page < 1 || q.Page > 100000 {
		return 0, 0, api.Bad("page", "must be 1 or more")
	}
	if q.Count < 1 || q.Count > maxCount {
		return 0, 0, api.Bad("count", "must be 1 to 100")
	}
	return (q.Page - 1) * q.Count, q.Count, nil
}

// Record is one deposit or withdrawal order (DWRecord).
type Record struct {
	Type      string       `json:"type"`
	OrderNo   string       `json:"order_no"`
	Status    string       `json:"status"`
	Amount    money.Amount `json:"amount"`
	Fee       money.Amount `json:"fee"`
	CreatedAt string       `json:"created_at"`
	SettledAt string       `json:"settled_at,omitempty"`
}

// Page is one page of a member's list.
type Page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total_count"`
	Page  int `json:"page"`
	Count int `json:"count"`
}

// Records lists the member's deposit and withdrawal orders, newest first.
func (s *Service) Records(ctx context.Context, m Member, q RecordQuery, zone *time.Location) (Page[Record], error) {
	if q.Type != "" && q.Type != DirDeposit && q.Type != DirWithdrawal {
		return Page[Record]{}, api.Bad("type", "must be deposit, withdrawal or empty")
	}
	from, to, err := q.window(zone)
	if err != nil {
		return Page[Record]{}, err
	}
	offset, limit, err := q.paging()
	if err != nil {
		return Page[Record]{}, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return Page[Record]{}, err
	}
	list, total, err := s.store.records(ctx, m.ID, q.Type, from, to, offset, limit)
	if err != nil {
		return Page[Record]{}, err
	}
	for i := range list {
		list[i].Amount.Exp, list[i].Fee.Exp = exp, exp
	}
	return Page[Record]{List: list, Total: total, Page: offset/limit + 1, Count: limit}, nil
}

// Movement is one ledger movement of the member (Transaction).
type Movement struct {
	ID           int64        `json:"id"`
	Kind         string       `json:"kind"`
	Wallet       string       `json:"wallet"` // main, hold, or a provider's code
	Amount       money.Amount `json:"amount"`
	BalanceAfter money.Amount `json:"balance_after"`
	Reference    string       `json:"reference"`
	CreatedAt    string       `json:"created_at"`
}

// Transactions is the member's account history: their ledger movements,
// newest first, within the last HistoryMonths, with what they deposited
// and withdrew in the range.
func (s *Service) Transactions(ctx context.Context, m Member, q RecordQuery, zone *time.Location) (History, error) {
	return s.statement(ctx, m, q, zone, true)
}

// statement is a page of the member's movements; bounded keeps it within
// the member's HistoryMonths (the operator sees further back).
func (s *Service) statement(ctx context.Context, m Member, q RecordQuery, zone *time.Location, bounded bool) (History, error) {
	hq, err := s.historyQuery(ctx, m, q, zone, bounded)
	if err != nil {
		return History{}, err
	}
	offset, limit, err := q.paging()
	if err != nil {
		return History{}, err
	}
	hq.Offset, hq.Limit = offset, limit
	list, total, err := s.ledger.Statement(ctx, hq.StatementQuery)
	if err != nil {
		return History{}, err
	}
	totals, err := s.ledger.KindTotals(ctx, m.ID, m.Currency, hq.From, hq.To, ledger.Deposit, ledger.Withdrawal)
	if err != nil {
		return History{}, err
	}
	out := make([]Movement, len(list))
	for i, mv := range list {
		out[i] = movement(mv, hq.exp)
	}
	amt := func(n int64) money.Amount { return money.Amount{Minor: n, Exp: hq.exp} }
	dep, wd := totals[ledger.Deposit], -totals[ledger.Withdrawal]
	return History{Page: Page[Movement]{List: out, Total: total, Page: offset/limit + 1, Count: limit},
		From: fmtTime(hq.From), To: fmtTime(hq.To), Deposits: amt(dep), Withdrawals: amt(wd), NetDeposit: amt(dep - wd)}, nil
}

func movement(mv ledger.Movement, exp int) Movement {
	wallet := string(mv.Account.Kind)
	if mv.Account.Kind == ledger.Provider {
		wallet = mv.Account.Provider
	}
	return Movement{ID: mv.ID, Kind: string(mv.Kind), Wallet: wallet, Amount: money.Amount{Minor: mv.Amount, Exp: exp},
		BalanceAfter: money.Amount{Minor: mv.BalanceAfter, Exp: exp}, Reference: mv.Reference, CreatedAt: fmtTime(mv.CreatedAt)}
}

// MovementKinds are the kinds Transaction filters by.
var MovementKinds = []string{string(ledger.Deposit), string(ledger.Withdrawal), string(ledger.WithdrawalHold),
	string(ledger.WithdrawalReturn), string(ledger.TransferIn), string(ledger.TransferOut), string(ledger.Bet),
	string(ledger.Win), string(ledger.Bonus), string(ledger.BonusForfeit), string(ledger.Adjustment), string(ledger.JackpotWin),
	string(ledger.Referral), string(ledger.CashBack)}
