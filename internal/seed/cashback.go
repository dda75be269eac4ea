package seed

// demoCashBackCaps are the demo cash back's daily caps, in major units:
// about 100 US dollars in each currency.
var demoCashBackCaps = map[string]int64{"USD": 100, "RMB": 700, "VND": 2_500_000, "THB": 3_500, "INR": 8_000, "JPY": 15_000,
	"WON": 130_000}

// cashBack gives the demo site an active daily cash back in every currency:
// 1% of valid bets on slots (game type 2), 0.5% on the others.
func (s *seeder) cashBack() {
	for _, c := range demoCurrencies {
		var exp int
		if s.err == nil {
			s.err = s.tx.QueryRowContext(s.ctx, `SELECT exponent FROM currencies WHERE code = $1`, c).Scan(&exp)
		}
		limit := demoCashBackCaps[c]
		for range exp {
			limit *= 10
		}
		s.exec(`INSERT INTO cashback_rules (site_id, currency, basis, rates, default_rate_bp, min_payout, cap, active, created_at,
			updated_at) VALUES ($1, $2, 'valid_bets', $3, 50, 0, $4, TRUE, $5, $5)`, DemoSiteID, c, `{"2":100}`, limit, s.now)
	}
}
