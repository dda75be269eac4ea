package seed

import (
	"encoding/json"
	"fmt"
	"time"

	"gamehall/internal/ledger"
)

// scale is how many units of each demo currency one US dollar is worth,
// roughly: channel limits read naturally in every currency.
var scale = map[string]struct {
	perUSD int64
	exp    int
}{
	"USD": {1, 2}, "RMB": {7, 2}, "VND": {25000, 0}, "THB": {35, 2}, "INR": {80, 2}, "JPY": {150, 0}, "WON": {1300, 0},
}

// minor is usd dollars in minor units of currency.
func minor(currency string, usd int64) int64 {
	sc := scale[currency]
	v := usd * sc.perUSD
	for range sc.exp {
		v *= 10
	}
	return v
}

// jackpotSeeds are the demo jackpot pools' seed amounts, in minor units.
var jackpotSeeds = map[string]int64{
	"USD": 123456789, "RMB": 876543210, "VND": 3086419750, "THB": 4321098765, "INR": 1011223344, "JPY": 18500000, "WON": 165000000,
}

// StartingBalance is what the demo accounts hold from the first start:
// 1,000.00 USD, posted as a settled sandbox deposit.
const StartingBalance = 1000

// money seeds the wallet: payment channels of every demo currency (the
// sandbox gateway both ways, a bank transfer for deposits) and the demo
// accounts' starting balance, posted through the ledger so the audit is
// clean from the first start.
func (s *seeder) money(agentID, memberID int64) {
	instructions, _ := json.Marshal(map[string]string{"bank": "Gamehall Demo Bank", "account_no": "6200 1234 5678",
		"account_name": "Gamehall Ltd"})
	for _, cur := range demoCurrencies {
		for i, c := range []struct {
			direction, kind, gateway, name string
			min, max, feeFixed             int64
			feeBP, daily                   int
		}{
			{"deposit", "gateway", "sandbox", tr("Sandbox pay", "沙盒支付", "Cổng thử nghiệm"), 10, 50000, 0, 0, 0},
			{"deposit", "bank_transfer", "", tr("Bank transfer", "银行转账", "Chuyển khoản ngân hàng"), 50, 100000, 0, 0, 0},
			{"withdrawal", "gateway", "sandbox", tr("Bank payout", "银行提款", "Rút về ngân hàng"), 20, 20000, 1, 0, 3},
		} {
			instr := "{}"
			if c.kind == "bank_transfer" {
				instr = string(instructions)
			}
			s.exec(`INSERT INTO payment_channels (site_id, currency, direction, kind, gateway, name_i18n, min_amount, max_amount,
				fee_bp, fee_fixed, fee_max, daily_count, instructions, sort, active, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, TRUE, $14, $14)`,
				DemoSiteID, cur, c.direction, c.kind, c.gateway, c.name, minor(cur, c.min), minor(cur, c.max), c.feeBP,
				minor(cur, c.feeFixed), c.daily, instr, i, s.now)
		}
	}
	s.exec(`INSERT INTO wallet_settings (site_id, bank_before_deposit, max_bank_accounts) VALUES ($1, FALSE, 3)`, DemoSiteID)
	if s.err != nil {
		return
	}
	var channel int64
	if err := s.tx.QueryRowContext(s.ctx, `SELECT id FROM payment_channels WHERE site_id = $1 AND currency = 'USD'
		AND direction = 'deposit' AND kind = 'gateway'`, DemoSiteID).Scan(&channel); err != nil {
		s.err = fmt.Errorf("seed: %w", err)
		return
	}
	l := ledger.New(s.db, func() time.Time { return time.UnixMicro(s.now) }, nil)
	// The jackpot pools start from a seed the house puts in (a regulated
	// operator's "seed amount"), posted like any other movement.
	for _, cur := range demoCurrencies {
		_, err := l.Post(s.ctx, ledger.Entry{Key: "jackpot-seed:" + cur, Kind: ledger.JackpotFeed, Currency: cur,
			Reference: "seed", Memo: "jackpot seed", Postings: []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.House, Provider: "GP001"}, Amount: -jackpotSeeds[cur]},
				{Account: ledger.Account{Kind: ledger.Jackpot}, Amount: jackpotSeeds[cur]}}})
		if err != nil {
			s.err = fmt.Errorf("seed jackpot: %w", err)
			return
		}
	}
	amount := minor("USD", StartingBalance)
	for _, id := range []int64{agentID, memberID} {
		orderNo := fmt.Sprintf("DSEED%08d", id)
		s.exec(`INSERT INTO deposit_orders (order_no, site_id, member_id, request_id, currency, channel_id, gateway, amount,
			fee, status, created_at, updated_at, expires_at, settled_at) VALUES ($1, $2, $3, $1, 'USD', $4, 'sandbox', $5, 0,
			'paid', $6, $6, $6, $6)`, orderNo, DemoSiteID, id, channel, amount, s.now)
		if s.err != nil {
			return
		}
		res, err := l.Post(s.ctx, ledger.Entry{Key: "deposit:" + orderNo, Kind: ledger.Deposit, Currency: "USD", Reference: orderNo,
			Memo: "demo starting balance", Postings: []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.Clearing, Provider: "sandbox"}, Amount: -amount},
				{Account: ledger.Account{Kind: ledger.Main, MemberID: id}, Amount: amount}}})
		if err != nil {
			s.err = fmt.Errorf("seed starting balance: %w", err)
			return
		}
		// As a settled order does: the order names its ledger transaction.
		s.exec(`UPDATE deposit_orders SET ledger_tx = $2 WHERE order_no = $1`, orderNo, res.TxID)
	}
}
