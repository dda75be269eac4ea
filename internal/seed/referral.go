package seed

// referral gives the demo site a recommend plan per currency: 10 dollars'
// worth when an invitee's first deposit is at least 50, and half a percent
// of the invitees' valid bets of each day, at most 100 per recommender and
// day.
func (s *seeder) referral() {
	for _, c := range []string{"USD", "RMB", "VND", "THB", "INR", "JPY", "WON"} {
		s.exec(`INSERT INTO referral_plans (site_id, currency, active, first_min, first_reward, share_bp, share_period, share_cap,
			created_at, updated_at) VALUES ($1, $2, TRUE, $3, $4, 50, 'day', $5, $6, $6)`,
			DemoSiteID, c, minor(c, 50), minor(c, 10), minor(c, 100), s.now)
	}
}
