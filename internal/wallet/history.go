package wallet

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// HistoryMonths is how far back a member sees their own account history.
const HistoryMonths = 3

// History is one page of the member's account history with the range's
// deposit figures (the net deposit is deposits minus paid withdrawals).
type History struct {
	Page[Movement]
	From        string       `json:"from"`
	To          string       `json:"to"`
	Deposits    money.Amount `json:"deposits"`
	Withdrawals money.Amount `json:"withdrawals"`
	NetDeposit  money.Amount `json:"net_deposit"`
}

// historyQuery is a member's history query checked and bounded.
type historyQuery struct {
	ledger.StatementQuery
	exp int
}

// earliest is the first moment of the history: the start of the day
// HistoryMonths back, in the site's zone.
func earliest(now time.Time, zone *time.Location) time.Time {
	y, mo, d := now.In(zone).AddDate(0, -HistoryMonths, 0).Date()
	return time.Date(y, mo, d, 0, 0, 0, 0, zone)
}

// historyQuery reads q's kinds and range. Bounded, an empty from is the
// earliest day and one before it is refused (the member's history goes no
// further).
func (s *Service) historyQuery(ctx context.Context, m Member, q RecordQuery, zone *time.Location, bounded bool) (historyQuery, error) {
	from, to, err := q.window(zone)
	if err != nil {
		return historyQuery{}, err
	}
	if first := earliest(s.now(), zone).UTC().UnixMicro(); bounded && from == 0 {
		from = first
	} else if bounded && from < first {
		return historyQuery{}, api.Bad("from", "must be within the last 3 months")
	}
	if to > 0 && to <= from {
		return historyQuery{}, api.Bad("to", "must be after from")
	}
	kinds := make([]ledger.Kind, 0, len(q.Kinds))
	for _, k := range q.Kinds {
		if !slices.Contains(MovementKinds, k) {
			return historyQuery{}, api.Bad("kinds", "must be among "+strings.Join(MovementKinds, ", "))
		}
		kinds = append(kinds, ledger.Kind(k))
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return historyQuery{}, err
	}
	return historyQuery{StatementQuery: ledger.StatementQuery{MemberID: m.ID, Currency: m.Currency, From: from, To: to,
		Kinds: kinds}, exp: exp}, nil
}

// csvChunk is how many movements one read of the CSV takes.
const csvChunk = 500

// HistoryCSV writes the member's history for q (every page) as CSV to w:
// times in the site's zone, amounts in major units of the currency.
func (s *Service) HistoryCSV(ctx context.Context, m Member, q RecordQuery, zone *time.Location, w http.ResponseWriter) error {
	hq, err := s.historyQuery(ctx, m, q, zone, true)
	if err != nil {
		return err
	}
	// The range ends now at the latest, so movements posted while the file
	// streams neither repeat a row nor shift a chunk.
	if hq.To == 0 {
		hq.To = s.now().UnixMicro()
	}
	to := hq.To
	day := func(us int64) string { return time.UnixMicro(us).In(zone).Format("20060102") }
	name := fmt.Sprintf("account-history-%s-%s.csv", day(hq.From), day(to-1))
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"time", "kind", "wallet", "amount", "balance_after", "currency", "reference"}); err != nil {
		return err
	}
	hq.Limit = csvChunk
	for {
		list, _, err := s.ledger.Statement(ctx, hq.StatementQuery)
		if err != nil {
			return err
		}
		for _, mv := range list {
			mo := movement(mv, hq.exp)
			rec := []string{time.UnixMicro(mv.CreatedAt).In(zone).Format("2006-01-02 15:04:05"), mo.Kind, mo.Wallet,
				mo.Amount.String(), mo.BalanceAfter.String(), m.Currency, mo.Reference}
			for i := range rec {
				rec[i] = CSVCell(rec[i])
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
		if len(list) < csvChunk {
			return nil
		}
		hq.Offset += csvChunk
	}
}

// CSVCell defuses a cell a spreadsheet would run as a formula (one that
// starts with =, +, -, @, a tab or a carriage return) by prefixing a
// quote; plain numbers such as -12.50 stay numbers.
func CSVCell(v string) string {
	if v == "" || !strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return v
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil && !strings.ContainsAny(v, "eEinfINFxX") {
		return v
	}
	return "'" + v
}
