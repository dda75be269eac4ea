// Package ledger is the double-entry core of every money movement: accounts
// per member and currency (main wallet, a wallet per game provider,
// withdrawal hold) and system accounts per currency (gateway clearing, house
// per provider, promotions, jackpot pool, manual adjustments).
//
// One Post writes one balanced transaction: its postings sum to zero in one
// currency, under a unique idempotency key. The same key with the same
// content answers the first result; with other content it is refused.
// Member accounts never go below zero: every debit is one conditional
// update, and a CHECK holds it in the database too. Every posting keeps
// the balance right after it. Audit proves the invariants at any time.
package ledger

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// AccountKind names what an account is for.
type AccountKind string

// Member account kinds: guarded, never below zero.
const (
	Main     AccountKind = "main"     // the member's cash wallet
	Provider AccountKind = "provider" // the member's wallet at one game provider
	Hold     AccountKind = "hold"     // withdrawals waiting for the operator
	Transit  AccountKind = "transit"  // transfers to or from a provider whose outcome is not known yet
)

// System account kinds: may go negative, sharded.
const (
	Clearing    AccountKind = "clearing"    // payment gateway clearing (Provider: the gateway)
	House       AccountKind = "house"       // the house of one game provider
	Promotions  AccountKind = "promotions"  // bonuses, envelopes, sign-in awards, cash back
	Jackpot     AccountKind = "jackpot"     // the jackpot pool
	Adjustments AccountKind = "adjustments" // the operator's manual adjustments
	Fees        AccountKind = "fees"        // payment fees charged to members
)

// Member reports whether kind is a member account (guarded, never below zero).
func (k AccountKind) Member() bool { return k == Main || k == Provider || k == Hold || k == Transit }

func (k AccountKind) known() bool {
	switch k {
	case Main, Provider, Hold, Transit, Clearing, House, Promotions, Jackpot, Adjustments, Fees:
		return true
	}
	return false
}

// Kind is what a transaction records.
type Kind string

// Transaction kinds.
const (
	Deposit          Kind = "deposit"
	Withdrawal       Kind = "withdrawal"        // the hold is paid out
	WithdrawalHold   Kind = "withdrawal_hold"   // main -> hold
	WithdrawalReturn Kind = "withdrawal_return" // hold -> main (rejected or failed)
	TransferIn       Kind = "transfer_in"       // main -> provider wallet
	TransferOut      Kind = "transfer_out"      // provider wallet -> main
	TransferReturn   Kind = "transfer_return"   // a failed transfer's money back where it came from
	Bet              Kind = "bet"
	Win              Kind = "win"
	Bonus            Kind = "bonus"
	BonusForfeit     Kind = "bonus_forfeit"
	Adjustment       Kind = "adjustment"
	JackpotFeed      Kind = "jackpot_feed"
	JackpotWin       Kind = "jackpot_win"
	Referral         Kind = "referral" // a recommender's award for a member they brought
	CashBack         Kind = "cashback" // promotions -> main: a day's cash back
)

func (k Kind) known() bool {
	switch k {
	case Deposit, Withdrawal, WithdrawalHold, WithdrawalReturn, TransferIn, TransferOut, TransferReturn, Bet, Win, Bonus, BonusForfeit,
		Adjustment, JackpotFeed, JackpotWin, Referral, CashBack:
		return true
	}
	return false
}

// Account names an account within a transaction's currency: a member's
// (MemberID > 0) or a system account (MemberID 0). Provider names the game
// provider (Provider, House) or the gateway (Clearing).
type Account struct {
	Kind     AccountKind
	MemberID int64
	Provider string
}

func (a Account) String() string {
	s := string(a.Kind)
	if a.MemberID > 0 {
		s += ":" + strconv.FormatInt(a.MemberID, 10)
	}
	if a.Provider != "" {
		s += ":" + a.Provider
	}
	return s
}

// Posting is one line of an entry: Amount is added to the account's balance.
type Posting struct {
	Account Account
	Amount  int64
}

// Entry is a transaction to post.
type Entry struct {
	Key       string // idempotency key, unique across the ledger
	Kind      Kind
	Currency  string
	Reference string // the order, round or award the movement belongs to
	Memo      string // free text for people (an adjustment's reason)
	Postings  []Posting
}

// Line is a posted line with the account's balance right after it.
type Line struct {
	Account      Account
	AccountID    int64
	Amount       int64
	BalanceAfter int64
}

// Result is a posted transaction. Replayed says the key had been posted
// before and this is that first result.
type Result struct {
	TxID      int64
	CreatedAt time.Time
	Lines     []Line
	Replayed  bool
}

// Balance is the balance after the transaction of a member account of it (0
// when the entry has no such line).
func (r Result) Balance(a Account) int64 {
	for _, l := range r.Lines {
		if l.Account == a {
			return l.BalanceAfter
		}
	}
	return 0
}

// Limits of an entry.
const (
	// MaxAmount bounds one posting: a trillion in the major unit of a
	// two-decimal currency, far from int64 overflow however many postings.
	MaxAmount = 1_000_000_000_000_00
	maxKey    = 128
	maxRef    = 128
	maxMemo   = 500 // characters: an operator's reason of 200 may be 800 bytes
)

// Failures the ledger reports with their own codes.
var (
	// ErrInsufficient: a member account would go below zero.
	ErrInsufficient = api.NewError(301, "ledger_insufficient_funds")
	// ErrKeyReused: the idempotency key was posted before with other content.
	ErrKeyReused = api.NewError(302, "ledger_key_reused")
)

// errEntry is a malformed entry: a programming error of the caller, never
// a client's input, so it is not an api error.
var errEntry = errors.New("ledger: malformed entry")

// Ledger posts and reads.
type Ledger struct {
	db     *db.DB
	store  *store
	now    func() time.Time
	notify func(memberID int64, currency string)
	shards int
	group  *db.Group // nil: every posting commits on its own
	batch  *batcher  // PostgreSQL's batches (nil: none)
	// ids caches account ids (they never change); filled after commit.
	mu  sync.RWMutex
	ids map[accountKey]int64
}

// accountKey is one account row.
type accountKey struct {
	Account
	Currency string
	Shard    int
}

// Shards is how many rows each system account is split into.
const Shards = 16

// New returns the ledger on d. notify (nil: none) hears, once a posting has
// committed, of every member whose money moved: the app publishes the cash
// event with it, so every screen showing a balance refreshes, whatever moved
// the money.
func New(d *db.DB, now func() time.Time, notify func(memberID int64, currency string), opts ...Option) *Ledger {
	l := &Ledger{db: d, store: newStore(d), now: now, notify: notify, shards: Shards, ids: map[accountKey]int64{}}
	for _, o := range opts {
		o(l)
	}
	return l
}

// Option tunes a ledger.
type Option func(*Ledger)

// WithGroupCommit commits the postings of callers outside a transaction
// in g's batches: one durable commit for many postings, where a database
// that commits one writer at a time (SQLite) would otherwise pay a sync per
// posting. Whoever made g closes it, after the ledger's last use.
func WithGroupCommit(g *db.Group) Option {
	return func(l *Ledger) { l.group = g }
}

// WithBatches posts the entries of callers outside a transaction on
// PostgreSQL in batches (see batcher): one statement and one commit for
// many. Close stops it, after the ledger's last use.
func WithBatches() Option {
	return func(l *Ledger) {
		if l.db.Dialect == db.Postgres {
			l.batch = newBatcher(l)
		}
	}
}

// Close stops the batches, once what is queued has been posted; later
// postings commit on their own. Safe without batches and twice.
func (l *Ledger) Close() {
	if l.batch != nil {
		l.batch.close()
	}
}

// validate checks an entry and returns its postings in the order accounts
// are locked (by kind, member, provider: one global order, so concurrent
// transactions never wait on each other in a cycle).
func (e Entry) validate() ([]Posting, error) {
	bad := func(why string) error { return fmt.Errorf("%w: %s", errEntry, why) }
	switch {
	case e.Key == "" || len(e.Key) > maxKey:
		return nil, bad("key")
	case !e.Kind.known():
		return nil, bad("kind " + string(e.Kind))
	case len(e.Currency) != 3:
		return nil, bad("currency")
	case len(e.Reference) > maxRef || utf8.RuneCountInString(e.Memo) > maxMemo:
		return nil, bad("reference or memo too long")
	case len(e.Postings) < 2:
		return nil, bad("fewer than two postings")
	}
	var sum int64
	seen := map[Account]bool{}
	for _, p := range e.Postings {
		a := p.Account
		switch {
		case !a.Kind.known():
			return nil, bad("account kind " + string(a.Kind))
		case a.Kind.Member() != (a.MemberID > 0):
			return nil, bad("member account without a member, or a system account with one")
		case (a.Kind == Provider || a.Kind == House) && a.Provider == "":
			return nil, bad("provider account without a provider")
		case p.Amount == 0 || p.Amount > MaxAmount || p.Amount < -MaxAmount:
			return nil, bad("amount")
		case seen[a]:
			return nil, bad("account twice")
		}
		seen[a] = true
		sum += p.Amount
	}
	if sum != 0 {
		return nil, bad("postings do not sum to zero")
	}
	sorted := slices.Clone(e.Postings)
	slices.SortFunc(sorted, func(x, y Posting) int { return x.Account.compare(y.Account) })
	return sorted, nil
}

// compare orders accounts by kind, member and provider: the ledger's lock
// order, the order of the text "kind|member (20 digits)|provider" (no kind
// is a prefix of another, member ids are not negative).
func (a Account) compare(b Account) int {
	return cmp.Or(strings.Compare(string(a.Kind), string(b.Kind)), cmp.Compare(a.MemberID, b.MemberID),
		strings.Compare(a.Provider, b.Provider))
}

// appendKey appends "kind|member (20 digits)|provider" to buf.
func (a Account) appendKey(buf []byte) []byte {
	buf = append(append(buf, a.Kind...), '|')
	digits := strconv.AppendInt(nil, a.MemberID, 10)
	for range 20 - len(digits) {
		buf = append(buf, '0')
	}
	return append(append(append(buf, digits...), '|'), a.Provider...)
}

// fingerprint identifies an entry's content: the SHA-256 of its key,
// kind, currency, reference and memo, and of each line's account key and
// amount, separated by NULs. Stored with the transaction, it must never
// change: a replay compares it.
func (e Entry) fingerprint(sorted []Posting) string {
	buf := make([]byte, 0, 256)
	for i, f := range []string{e.Key, string(e.Kind), e.Currency, e.Reference, e.Memo} {
		if i > 0 {
			buf = append(buf, 0)
		}
		buf = append(buf, f...)
	}
	for _, p := range sorted {
		buf = append(p.Account.appendKey(append(buf, 0)), 0)
		buf = strconv.AppendInt(buf, p.Amount, 10)
	}
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:])
}

// shard picks the row of a system account an entry posts to: by member when
// the entry moves a member's money (one member's postings stay on one
// shard), else by key.
func (l *Ledger) shard(e Entry) int {
	for _, p := range e.Postings {
		if p.Account.MemberID > 0 {
			return int(p.Account.MemberID % int64(l.shards))
		}
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(e.Key))
	return int(h.Sum32() % uint32(l.shards))
}

// Post writes e in the transaction ctx carries (in a savepoint, so its
// failure leaves the caller's transaction usable), or in its own: with
// group commit, a batch transaction shared with other callers, answered
// once it committed. A key posted before answers the first result
// (Replayed) when the content is the same, and ErrKeyReused when it is
// not; a debit a member account cannot cover is ErrInsufficient and writes
// nothing.
func (l *Ledger) Post(ctx context.Context, e Entry) (Result, error) {
	sorted, err := e.validate()
	if err != nil {
		return Result{}, err
	}
	p := pending{entry: e, sorted: sorted, fp: e.fingerprint(sorted), shard: l.shard(e)}
	if l.db.InTx(ctx) {
		var out Result
		err = l.db.Tx(ctx, func(ctx context.Context) error {
			out, err = l.write(ctx, p)
			if err == nil && !out.Replayed {
				l.afterCommit(ctx, p)
			}
			return err
		})
		return p.answer(out, err)
	}
	var out Result
	switch {
	case l.batch != nil:
		out, err = l.batch.post(ctx, p)
	case l.group != nil:
		err = l.group.Tx(ctx, func(ctx context.Context) error {
			var err error
			out, err = l.write(ctx, p)
			return err
		})
	default:
		out, err = l.postAlone(ctx, p)
	}
	if err == nil && !out.Replayed {
		l.notifyMembers(p)
	}
	return p.answer(out, err)
}

// pending is a validated entry on its way to the database.
type pending struct {
	entry  Entry
	sorted []Posting // in lock order
	fp     string
	shard  int
}

// answer is what Post returns for a write's outcome.
func (p pending) answer(out Result, err error) (Result, error) {
	if errors.Is(err, db.ErrCheck) {
		// The database's CHECK caught what the conditional update should
		// have: still a refusal, never a negative balance.
		return Result{}, ErrInsufficient
	}
	if err != nil {
		return Result{}, fmt.Errorf("post %s: %w", p.entry.Kind, err)
	}
	return out, nil
}

// postAlone writes p in a transaction of its own: on PostgreSQL one
// statement (one round trip, committed on its own), elsewhere a Tx.
func (l *Ledger) postAlone(ctx context.Context, p pending) (Result, error) {
	if l.db.Dialect == db.Postgres {
		return l.write(ctx, p)
	}
	var out Result
	err := l.db.Tx(ctx, func(ctx context.Context) error {
		var err error
		out, err = l.write(ctx, p)
		return err
	})
	return out, err
}

// write posts p in the transaction ctx carries: the caller's, its own or
// a batch's. On PostgreSQL it is one statement (ledger_post), in a
// transaction or committed on its own: the five statements below cost a
// round trip each, and a real-money round posts twice in its transaction.
func (l *Ledger) write(ctx context.Context, p pending) (Result, error) {
	e := p.entry
	now := l.now().UTC()
	if l.db.Dialect == db.Postgres {
		ids, err := l.accountIDs(ctx, p)
		if err != nil {
			return Result{}, err
		}
		out, fresh, err := l.store.postOnce(ctx, e, p.fp, now.UnixMicro(), ids, p.sorted)
		if err != nil || fresh {
			return out, err
		}
		return l.replay(ctx, e, p.fp)
	}
	txID, fresh, err := l.store.insertTx(ctx, e, p.fp, now.UnixMicro())
	if err != nil {
		return Result{}, err
	}
	if !fresh {
		return l.replay(ctx, e, p.fp)
	}
	ids, err := l.accountIDs(ctx, p)
	if err != nil {
		return Result{}, err
	}
	out := Result{TxID: txID, CreatedAt: time.UnixMicro(now.UnixMicro()).UTC(), Lines: make([]Line, 0, len(p.sorted))}
	for i, posting := range p.sorted {
		after, ok, err := l.store.apply(ctx, ids[i], posting.Amount)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			return Result{}, ErrInsufficient
		}
		out.Lines = append(out.Lines, Line{Account: posting.Account, AccountID: ids[i], Amount: posting.Amount, BalanceAfter: after})
	}
	if err := l.store.insertPostings(ctx, txID, out.Lines, now.UnixMicro()); err != nil {
		return Result{}, err
	}
	return out, nil
}

// accountIDs are the account rows of p's postings, in p.sorted's order.
func (l *Ledger) accountIDs(ctx context.Context, p pending) ([]int64, error) {
	ids := make([]int64, len(p.sorted))
	for i, posting := range p.sorted {
		key := accountKey{Account: posting.Account, Currency: p.entry.Currency}
		if !posting.Account.Kind.Member() {
			key.Shard = p.shard
		}
		id, err := l.accountID(ctx, key)
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	return ids, nil
}

// afterCommit tells notify of p's members once the transaction ctx carries
// commits.
func (l *Ledger) afterCommit(ctx context.Context, p pending) {
	if l.notify != nil {
		l.db.AfterCommit(ctx, func() { l.notifyMembers(p) })
	}
}

// notifyMembers tells notify of p's members; only call it once p committed.
func (l *Ledger) notifyMembers(p pending) {
	if l.notify == nil {
		return
	}
	for _, m := range members(p.sorted) {
		l.notify(m, p.entry.Currency)
	}
}

// members lists the members an entry moves money of, once each.
func members(postings []Posting) []int64 {
	var out []int64
	for _, p := range postings {
		if m := p.Account.MemberID; m > 0 && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// replay answers a key posted before: its first result, or ErrKeyReused.
func (l *Ledger) replay(ctx context.Context, e Entry, fp string) (Result, error) {
	prev, err := l.store.txByKey(ctx, e.Key)
	if err != nil {
		return Result{}, err
	}
	if prev.fingerprint != fp {
		return Result{}, ErrKeyReused
	}
	lines, err := l.store.lines(ctx, prev.id)
	if err != nil {
		return Result{}, err
	}
	return Result{TxID: prev.id, CreatedAt: time.UnixMicro(prev.createdAt).UTC(), Lines: lines, Replayed: true}, nil
}

// accountID finds or opens the account row of key.
func (l *Ledger) accountID(ctx context.Context, key accountKey) (int64, error) {
	l.mu.RLock()
	id, ok := l.ids[key]
	l.mu.RUnlock()
	if ok {
		return id, nil
	}
	id, err := l.store.ensureAccount(ctx, key, l.now().UTC().UnixMicro())
	if err != nil {
		return 0, err
	}
	// Only a committed row may be cached: a rolled-back one is gone.
	l.db.AfterCommit(ctx, func() {
		l.mu.Lock()
		l.ids[key] = id
		l.mu.Unlock()
	})
	return id, nil
}

// Balance is an account's balance in currency (a system account's is the
// sum of its shards); 0 for an account that never moved.
func (l *Ledger) Balance(ctx context.Context, a Account, currency string) (int64, error) {
	if a.Kind.Member() {
		// A member account is one row: what the writer last wrote to it
		// is its balance (a real-money round asks before every bet).
		l.mu.RLock()
		id, ok := l.ids[accountKey{Account: a, Currency: currency}]
		l.mu.RUnlock()
		if ok {
			if b, known := l.db.Remembered(ctx, balanceOf(id)); known {
				return b, nil
			}
		}
	}
	return l.store.balance(ctx, a, currency)
}

// Balances are a member's account balances in currency, by account.
func (l *Ledger) Balances(ctx context.Context, memberID int64, currency string) (map[Account]int64, error) {
	return l.store.memberBalances(ctx, memberID, currency)
}

// ProviderWallets lists every member wallet at one provider.
func (l *Ledger) ProviderWallets(ctx context.Context, code string) ([]ProviderWallet, error) {
	return l.store.providerWallets(ctx, code)
}
