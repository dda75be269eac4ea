package ledger

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// oldKey and oldFingerprint are the fingerprint as every stored
// transaction has it (fmt-built): the replay of a key compares it, so the
// faster builder must answer the same bytes, and the lock order must not
// change either.
func oldKey(a Account) string { return fmt.Sprintf("%s|%020d|%s", a.Kind, a.MemberID, a.Provider) }

func oldFingerprint(e Entry, sorted []Posting) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s", e.Key, e.Kind, e.Currency, e.Reference, e.Memo)
	for _, p := range sorted {
		fmt.Fprintf(h, "\x00%s\x00%d", oldKey(p.Account), p.Amount)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestFingerprintAndOrderAsStored(t *testing.T) {
	kinds := []AccountKind{Main, Provider, Hold, Transit, Clearing, House, Promotions, Jackpot, Adjustments, Fees}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		var postings []Posting
		for range 2 + rng.IntN(4) {
			k := kinds[rng.IntN(len(kinds))]
			a := Account{Kind: k}
			if k.Member() {
				a.MemberID = []int64{1, 9, 10, 12345, 1 << 40}[rng.IntN(5)]
			}
			a.Provider = []string{"", "GP001", "GP002", "sandbox", "G"}[rng.IntN(5)]
			postings = append(postings, Posting{Account: a, Amount: rng.Int64N(2_000_000) - 1_000_000})
		}
		e := Entry{Key: fmt.Sprintf("k-%d", i), Kind: Bet, Currency: "USD", Reference: "ref", Memo: []string{"", "a memo"}[i%2],
			Postings: postings}
		old := slices.Clone(postings)
		slices.SortStableFunc(old, func(x, y Posting) int { return strings.Compare(oldKey(x.Account), oldKey(y.Account)) })
		now := slices.Clone(postings)
		slices.SortStableFunc(now, func(x, y Posting) int { return x.Account.compare(y.Account) })
		if !slices.Equal(old, now) {
			t.Fatalf("lock order changed:\n%v\n%v", old, now)
		}
		if got, want := e.fingerprint(now), oldFingerprint(e, old); got != want {
			t.Fatalf("fingerprint of %+v changed: %s, stored %s", e, got, want)
		}
	}
}
