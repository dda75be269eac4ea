package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// Rules are a site's member rules (member_settings); the operator changes
// them through UpdateRules.
type Rules struct {
	StrongPasswords    bool     `json:"strong_passwords"`
	SMSVerifySeconds   int      `json:"sms_verify_seconds"`
	RecommendEnabled   bool     `json:"recommend_enabled"`
	RegisterPerIPLimit int      `json:"register_per_ip_limit"`
	SessionIdleMinutes int      `json:"session_idle_minutes"`
	DoubleValidation   bool     `json:"double_validation"`
	QuestionsCount     int      `json:"questions_count"`
	BlockedCountries   []string `json:"blocked_countries"`
	// MinAge is the site's minimum age in years; above 0 registration asks
	// the birthday and refuses a younger visitor (0: not enforced).
	MinAge int `json:"min_age"`
}

// DefaultMinAge is a new site's minimum age: a regulated operator refuses
// minors unless the operator sets otherwise (0 switches the rule off).
const DefaultMinAge = 18

// defaultRules apply to a site without a member_settings row (the
// migration's column defaults, and the minimum age, which every insert of a
// row writes because SQLite cannot change the column's old default of 0).
func defaultRules() Rules {
	return Rules{RecommendEnabled: true, RegisterPerIPLimit: 5, SMSVerifySeconds: 60, SessionIdleMinutes: 120,
		DoubleValidation: true, QuestionsCount: 3, BlockedCountries: []string{}, MinAge: DefaultMinAge}
}

// RulesUpdate changes the rules that are present (not nil).
type RulesUpdate struct {
	StrongPasswords    *bool     `json:"strong_passwords,omitempty"`
	SMSVerifySeconds   *int      `json:"sms_verify_seconds,omitempty"`
	RecommendEnabled   *bool     `json:"recommend_enabled,omitempty"`
	RegisterPerIPLimit *int      `json:"register_per_ip_limit,omitempty"`
	SessionIdleMinutes *int      `json:"session_idle_minutes,omitempty"`
	DoubleValidation   *bool     `json:"double_validation,omitempty"`
	QuestionsCount     *int      `json:"questions_count,omitempty"`
	BlockedCountries   *[]string `json:"blocked_countries,omitempty"`
	MinAge             *int      `json:"min_age,omitempty"`
}

// Empty reports an update that changes nothing.
func (u RulesUpdate) Empty() bool {
	return u.StrongPasswords == nil && u.SMSVerifySeconds == nil && u.RecommendEnabled == nil &&
		u.RegisterPerIPLimit == nil && u.SessionIdleMinutes == nil && u.DoubleValidation == nil &&
		u.QuestionsCount == nil && u.BlockedCountries == nil && u.MinAge == nil
}

// Validate checks ranges and normalises the update in place (country codes
// upper case, without repeats).
func (u *RulesUpdate) Validate() error {
	for _, f := range []struct {
		name     string
		v        *int
		min, max int
	}{
		{"sms_verify_seconds", u.SMSVerifySeconds, 10, 3600},
		{"register_per_ip_limit", u.RegisterPerIPLimit, 0, 100000},
		{"session_idle_minutes", u.SessionIdleMinutes, 5, 7 * 24 * 60},
		{"questions_count", u.QuestionsCount, 1, 5},
		{"min_age", u.MinAge, 0, 99},
	} {
		if f.v != nil && (*f.v < f.min || *f.v > f.max) {
			return api.Bad(f.name, fmt.Sprintf("must be between %d and %d", f.min, f.max))
		}
	}
	if u.BlockedCountries != nil {
		out := []string{}
		for i, c := range *u.BlockedCountries {
			c = strings.ToUpper(strings.TrimSpace(c))
			if len(c) != 2 || !isUpper(c[0]) || !isUpper(c[1]) {
				return api.Bad(fmt.Sprintf("blocked_countries[%d]", i), "must be a two-letter ISO country code")
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		if len(out) > 300 {
			return api.Bad("blocked_countries", "has too many entries")
		}
		*u.BlockedCountries = out
	}
	return nil
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// Rules reads the site's member rules.
func (s *Service) Rules(ctx context.Context, siteID int64) (Rules, error) {
	return s.store.Rules(ctx, siteID)
}

// UpdateRules validates u and applies it; the caller checked the site.
func (s *Service) UpdateRules(ctx context.Context, siteID int64, u RulesUpdate) error {
	if err := u.Validate(); err != nil {
		return err
	}
	if u.Empty() {
		return nil
	}
	return s.store.UpdateRules(ctx, siteID, u)
}

// ClientRules are the rules the browser applies as the server does: the
// password rule and the SMS resend time (env_config).
func (s *Service) ClientRules(ctx context.Context, siteID int64) (strongPasswords bool, smsVerifySeconds int, err error) {
	r, err := s.store.Rules(ctx, siteID)
	return r.StrongPasswords, r.SMSVerifySeconds, err
}

// Rules loads the site's member rules (defaults when the site has no row).
func (s *Store) Rules(ctx context.Context, siteID int64) (Rules, error) {
	r := defaultRules()
	var blocked string
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT strong_passwords, recommend_enabled, register_per_ip_limit, sms_verify_seconds,
		session_idle_minutes, double_validation, questions_count, blocked_countries, min_age FROM member_settings WHERE site_id = $1`, siteID).Scan(
		&r.StrongPasswords, &r.RecommendEnabled, &r.RegisterPerIPLimit, &r.SMSVerifySeconds, &r.SessionIdleMinutes,
		&r.DoubleValidation, &r.QuestionsCount, &blocked, &r.MinAge)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	if err != nil {
		return r, fmt.Errorf("member settings: %w", db.MapError(err))
	}
	r.BlockedCountries = splitList(blocked)
	return r, nil
}

// UpdateRules sets the fields of u that are not nil. Each column is
// COALESCE(new, old), so concurrent writers of different fields never undo
// each other.
func (s *Store) UpdateRules(ctx context.Context, siteID int64, u RulesUpdate) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `INSERT INTO member_settings (site_id, min_age) VALUES ($1, $2) ON CONFLICT (site_id) DO NOTHING`, siteID, DefaultMinAge); err != nil {
			return fmt.Errorf("member settings %d: %w", siteID, db.MapError(err))
		}
		var blocked any
		if u.BlockedCountries != nil {
			blocked = strings.Join(*u.BlockedCountries, ",")
		}
		_, err := q.ExecContext(ctx, `UPDATE member_settings SET strong_passwords = COALESCE($2, strong_passwords),
			sms_verify_seconds = COALESCE($3, sms_verify_seconds), recommend_enabled = COALESCE($4, recommend_enabled),
			register_per_ip_limit = COALESCE($5, register_per_ip_limit), session_idle_minutes = COALESCE($6, session_idle_minutes),
			double_validation = COALESCE($7, double_validation), questions_count = COALESCE($8, questions_count),
			blocked_countries = COALESCE($9, blocked_countries), min_age = COALESCE($10, min_age) WHERE site_id = $1`,
			siteID, db.Opt(u.StrongPasswords), db.Opt(u.SMSVerifySeconds), db.Opt(u.RecommendEnabled), db.Opt(u.RegisterPerIPLimit),
			db.Opt(u.SessionIdleMinutes), db.Opt(u.DoubleValidation), db.Opt(u.QuestionsCount), blocked, db.Opt(u.MinAge))
		if err != nil {
			return fmt.Errorf("member settings %d: %w", siteID, db.MapError(err))
		}
		return nil
	})
}

func splitList(s string) []string {
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
