package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/sanitize"
)

// Register settings (which fields a currency's registration shows,
// requires, keeps unique, opens to the member centre or verifies) and the
// service agreement: read by the public calls, written by the operator.

// RegisterSettings is /arks/web/register-settings: every currency's rules.
func (s *Service) RegisterSettings(ctx context.Context, siteID int64) (map[string][]RegisterSetting, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.store.RegisterSettings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	rules, err := s.store.Rules(ctx, siteID)
	if err != nil {
		return nil, err
	}
	if rules.MinAge > 0 {
		list = withBirthdayRequired(list)
	}
	return map[string][]RegisterSetting{"list": list}, nil
}

// withBirthdayRequired shows and requires the birthday in every currency's
// form: a site with a minimum age must know it.
func withBirthdayRequired(list []RegisterSetting) []RegisterSetting {
	var currencies []string
	for _, r := range list {
		if !slices.Contains(currencies, r.Currency) {
			currencies = append(currencies, r.Currency)
		}
	}
	for _, c := range currencies {
		i := slices.IndexFunc(list, func(r RegisterSetting) bool { return r.Currency == c && r.Name == "member_birthday" })
		if i < 0 {
			list = append(list, RegisterSetting{Name: "member_birthday", Currency: c})
			i = len(list) - 1
		}
		list[i].IsDisplay, list[i].IsRequired = 1, 1
	}
	return list
}

// Agreement is /arks/web/register-settings/service-agreement.
func (s *Service) Agreement(ctx context.Context, siteID int64, lang, fallback string) (map[string][]Agreement, error) {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.store.Agreements(ctx, siteID, lang, fallback)
	if err != nil {
		return nil, err
	}
	// Sanitised when written, and again on the way out: no stored row
	// reaches a browser raw.
	for i := range list {
		list[i].Content = sanitize.HTML(list[i].Content)
	}
	return map[string][]Agreement{"list": list}, nil
}

// settingsFor is the currency's field rules by name.
func (s *Service) settingsFor(ctx context.Context, siteID int64, currency string) (map[string]RegisterSetting, error) {
	all, err := s.store.RegisterSettings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := map[string]RegisterSetting{}
	for _, r := range all {
		if r.Currency == currency {
			out[r.Name] = r
		}
	}
	return out, nil
}

// check validates one setting; prefix goes before the names in messages.
func (it RegisterSetting) check(prefix string) error {
	f, ok := fieldBySetting(it.Name)
	if !ok {
		return api.Bad(prefix+"name", "must be one of "+strings.Join(RegisterSettingNames(), ", "))
	}
	flags := []struct {
		name    string
		v       int
		allowed bool
	}{
		{"is_display", it.IsDisplay, true}, {"is_required", it.IsRequired, true}, {"is_unique", it.IsUnique, f.unique},
		{"is_member_center", it.IsMemberCenter, f.center}, {"is_verification", it.IsVerification, f.verify},
		{"is_member_center_verification", it.IsMemberCenterVerification, f.verify},
	}
	for _, fl := range flags {
		if fl.v != 0 && fl.v != 1 {
			return api.Bad(prefix+fl.name, "must be 0 or 1")
		}
		if fl.v == 1 && !fl.allowed {
			return api.Bad(prefix+fl.name, "is not available for "+it.Name)
		}
	}
	if it.IsRequired == 1 && it.IsDisplay == 0 {
		return api.Bad(prefix+"is_required", "needs is_display 1")
	}
	if it.IsMemberCenterVerification == 1 && it.IsMemberCenter == 0 {
		return api.Bad(prefix+"is_member_center_verification", "needs is_member_center 1")
	}
	return nil
}

// offeredCurrency normalises currency and checks the site offers it.
func (s *Service) offeredCurrency(ctx context.Context, siteID int64, currency string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(currency))
	codes, _, err := s.sites.Currencies(ctx, siteID)
	if err != nil {
		return "", err
	}
	if !slices.Contains(codes, c) {
		return "", api.Bad("currency", "is not offered by the site (offered: "+strings.Join(codes, ", ")+")")
	}
	return c, nil
}

// RegisterSettingsOf lists a site's register settings, of one currency when
// currency is not empty (the operator's view).
func (s *Service) RegisterSettingsOf(ctx context.Context, siteID int64, currency string) ([]RegisterSetting, error) {
	if currency != "" {
		var err error
		if currency, err = s.offeredCurrency(ctx, siteID, currency); err != nil {
			return nil, err
		}
	}
	return s.store.RegisterSettingsOf(ctx, siteID, currency)
}

// maxRegisterItems bounds one currency's list (there are 16 field names).
const maxRegisterItems = 32

// ReplaceRegisterSettings makes items the currency's whole list, in display
// order. An empty list leaves the currency without a registration form.
func (s *Service) ReplaceRegisterSettings(ctx context.Context, siteID int64, currency string, items []RegisterSetting) ([]RegisterSetting, error) {
	cur, err := s.offeredCurrency(ctx, siteID, currency)
	if err != nil {
		return nil, err
	}
	if len(items) > maxRegisterItems {
		return nil, api.Bad("items", fmt.Sprintf("has more than %d entries", maxRegisterItems))
	}
	seen := map[string]bool{}
	for i := range items {
		prefix := fmt.Sprintf("items[%d].", i)
		it := &items[i]
		it.Name = strings.TrimSpace(it.Name)
		if it.Currency != "" && !strings.EqualFold(it.Currency, cur) {
			return nil, api.Bad(prefix+"currency", "must be empty or "+cur)
		}
		it.Currency = cur
		if err := it.check(prefix); err != nil {
			return nil, err
		}
		if seen[it.Name] {
			return nil, api.Bad(prefix+"name", "is listed twice")
		}
		seen[it.Name] = true
	}
	if err := s.store.ReplaceRegisterSettings(ctx, siteID, cur, items); err != nil {
		return nil, err
	}
	return s.store.RegisterSettingsOf(ctx, siteID, cur)
}

// RegisterSettingUpdate changes the flags that are present of one setting;
// a setting that does not exist yet starts with every flag 0.
type RegisterSettingUpdate struct {
	IsDisplay                  *int `json:"is_display,omitempty"`
	IsRequired                 *int `json:"is_required,omitempty"`
	IsUnique                   *int `json:"is_unique,omitempty"`
	IsMemberCenter             *int `json:"is_member_center,omitempty"`
	IsVerification             *int `json:"is_verification,omitempty"`
	IsMemberCenterVerification *int `json:"is_member_center_verification,omitempty"`
}

// UpdateRegisterSetting creates or changes one setting of a currency.
func (s *Service) UpdateRegisterSetting(ctx context.Context, siteID int64, currency, name string, u RegisterSettingUpdate) (RegisterSetting, error) {
	cur, err := s.offeredCurrency(ctx, siteID, currency)
	if err != nil {
		return RegisterSetting{}, err
	}
	if _, ok := fieldBySetting(name); !ok {
		return RegisterSetting{}, RegisterSetting{Name: name}.check("")
	}
	var out RegisterSetting
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		it, err := s.store.RegisterSetting(ctx, siteID, cur, name)
		if errors.Is(err, db.ErrNotFound) {
			it, err = RegisterSetting{Name: name, Currency: cur}, nil
		}
		if err != nil {
			return err
		}
		for _, f := range []struct{ dst, src *int }{{&it.IsDisplay, u.IsDisplay}, {&it.IsRequired, u.IsRequired},
			{&it.IsUnique, u.IsUnique}, {&it.IsMemberCenter, u.IsMemberCenter}, {&it.IsVerification, u.IsVerification},
			{&it.IsMemberCenterVerification, u.IsMemberCenterVerification}} {
			if f.src != nil {
				*f.dst = *f.src
			}
		}
		if err := it.check(""); err != nil {
			return err
		}
		out = it
		return s.store.UpsertRegisterSetting(ctx, siteID, it)
	})
	return out, err
}

// AgreementRow is a stored agreement block with its language.
type AgreementRow struct {
	ID       int64  `json:"id"`
	Language string `json:"-"`
	Title    string `json:"title"`
	Content  string `json:"content"`
}

// Agreements is every language's agreement and the site's languages.
type Agreements struct {
	Languages     map[string][]AgreementRow `json:"languages"`
	SiteLanguages []string                  `json:"site_languages"`
}

// AgreementsByLanguage reads the site's service agreement, per language.
func (s *Service) AgreementsByLanguage(ctx context.Context, siteID int64) (Agreements, error) {
	rows, err := s.store.AllAgreements(ctx, siteID)
	if err != nil {
		return Agreements{}, err
	}
	langs, err := s.sites.Languages(ctx, siteID)
	if err != nil {
		return Agreements{}, err
	}
	out := Agreements{Languages: map[string][]AgreementRow{}, SiteLanguages: langs}
	for _, r := range rows {
		out.Languages[r.Language] = append(out.Languages[r.Language], r)
	}
	return out, nil
}

// AgreementBlock is one titled block of the service agreement; content is
// HTML, stored sanitised.
type AgreementBlock struct {
	Title   string `json:"title"`
	Content string `json:"content" maxlen:"65536"` // maxAgreementContent
}

// Agreement limits.
const (
	maxAgreementBlocks  = 50
	maxAgreementTitle   = 200
	maxAgreementContent = 64 << 10
)

// ReplaceAgreement makes blocks the language's whole agreement. Content is
// sanitised; an empty list removes the language, which then falls back to
// the site's default language.
func (s *Service) ReplaceAgreement(ctx context.Context, siteID int64, language string, blocks []AgreementBlock) ([]AgreementRow, error) {
	langs, err := s.sites.Languages(ctx, siteID)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(langs, language) {
		return nil, api.Bad("language", "is not a language of the site (offered: "+strings.Join(langs, ", ")+")")
	}
	if len(blocks) > maxAgreementBlocks {
		return nil, api.Bad("blocks", fmt.Sprintf("has more than %d entries", maxAgreementBlocks))
	}
	for i := range blocks {
		b := &blocks[i]
		prefix := fmt.Sprintf("blocks[%d].", i)
		b.Title = strings.TrimSpace(b.Title)
		if b.Title == "" || utf8.RuneCountInString(b.Title) > maxAgreementTitle || !utf8.ValidString(b.Title) ||
			strings.IndexFunc(b.Title, unicode.IsControl) >= 0 {
			return nil, api.Bad(prefix+"title", fmt.Sprintf("must be 1 to %d characters of text", maxAgreementTitle))
		}
		if len(b.Content) > maxAgreementContent || !utf8.ValidString(b.Content) {
			return nil, api.Bad(prefix+"content", fmt.Sprintf("must be UTF-8 text of at most %d bytes", maxAgreementContent))
		}
		b.Content = strings.TrimSpace(sanitize.HTML(b.Content))
		if b.Content == "" {
			return nil, api.Bad(prefix+"content", "is empty")
		}
	}
	ids, err := s.store.ReplaceAgreement(ctx, siteID, language, blocks)
	if err != nil {
		return nil, err
	}
	out := make([]AgreementRow, len(blocks))
	for i, b := range blocks {
		out[i] = AgreementRow{ID: ids[i], Language: language, Title: b.Title, Content: b.Content}
	}
	return out, nil
}

// RegisterSetting is one field's registration rule for a currency.
type RegisterSetting struct {
	Name                       string `json:"name"`
	Currency                   string `json:"currency"`
	IsDisplay                  int    `json:"is_display"`
	IsRequired                 int    `json:"is_required"`
	IsUnique                   int    `json:"is_unique"`
	IsMemberCenter             int    `json:"is_member_center"`
	IsVerification             int    `json:"is_verification"`
	IsMemberCenterVerification int    `json:"is_member_center_verification"`
}

// RegisterSettings lists every field rule of the site, per currency.
func (s *Store) RegisterSettings(ctx context.Context, siteID int64) ([]RegisterSetting, error) {
	return s.RegisterSettingsOf(ctx, siteID, "")
}

const registerSettingColumns = `name, currency, is_display, is_required, is_unique, is_member_center, is_verification,
	is_member_center_verification`

func scanRegisterSetting(row interface{ Scan(...any) error }, x *RegisterSetting) error {
	var d, req, u, mc, v, mcv bool
	if err := row.Scan(&x.Name, &x.Currency, &d, &req, &u, &mc, &v, &mcv); err != nil {
		return err
	}
	x.IsDisplay, x.IsRequired, x.IsUnique, x.IsMemberCenter, x.IsVerification, x.IsMemberCenterVerification =
		api.Flag(d), api.Flag(req), api.Flag(u), api.Flag(mc), api.Flag(v), api.Flag(mcv)
	return nil
}

// RegisterSettingsOf lists the site's register settings (one currency, or
// all when currency is empty) in display order.
func (s *Store) RegisterSettingsOf(ctx context.Context, siteID int64, currency string) ([]RegisterSetting, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+registerSettingColumns+` FROM register_settings
		WHERE site_id = $1 AND ($2 = '' OR currency = $2) ORDER BY currency, sort, name`,
		func(r *sql.Rows, x *RegisterSetting) error { return scanRegisterSetting(r, x) }, siteID, currency)
}

// RegisterSetting loads one register setting; db.ErrNotFound when absent.
func (s *Store) RegisterSetting(ctx context.Context, siteID int64, currency, name string) (RegisterSetting, error) {
	var x RegisterSetting
	err := scanRegisterSetting(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+registerSettingColumns+` FROM register_settings
		WHERE site_id = $1 AND currency = $2 AND name = $3`, siteID, currency, name), &x)
	if err != nil {
		return RegisterSetting{}, fmt.Errorf("register setting %s: %w", name, db.MapError(err))
	}
	return x, nil
}

// ReplaceRegisterSettings makes items the currency's whole list, in order.
func (s *Store) ReplaceRegisterSettings(ctx context.Context, siteID int64, currency string, items []RegisterSetting) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM register_settings WHERE site_id = $1 AND currency = $2`, siteID, currency); err != nil {
			return fmt.Errorf("register settings: %w", db.MapError(err))
		}
		for i, it := range items {
			_, err := q.ExecContext(ctx, `INSERT INTO register_settings (site_id, currency, name, is_display, is_required, is_unique,
				is_member_center, is_verification, is_member_center_verification, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				siteID, currency, it.Name, it.IsDisplay == 1, it.IsRequired == 1, it.IsUnique == 1, it.IsMemberCenter == 1,
				it.IsVerification == 1, it.IsMemberCenterVerification == 1, i)
			if err != nil {
				return fmt.Errorf("register setting %s: %w", it.Name, db.MapError(err))
			}
		}
		return nil
	})
}

// UpsertRegisterSetting writes one register setting; a new one goes last.
func (s *Store) UpsertRegisterSetting(ctx context.Context, siteID int64, it RegisterSetting) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO register_settings (site_id, currency, name, is_display, is_required, is_unique,
		is_member_center, is_verification, is_member_center_verification, sort)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
			(SELECT COALESCE(MAX(sort), -1) + 1 FROM register_settings WHERE site_id = $1 AND currency = $2))
		ON CONFLICT (site_id, currency, name) DO UPDATE SET is_display = $4, is_required = $5, is_unique = $6,
			is_member_center = $7, is_verification = $8, is_member_center_verification = $9`,
		siteID, it.Currency, it.Name, it.IsDisplay == 1, it.IsRequired == 1, it.IsUnique == 1, it.IsMemberCenter == 1,
		it.IsVerification == 1, it.IsMemberCenterVerification == 1)
	if err != nil {
		return fmt.Errorf("register setting %s: %w", it.Name, db.MapError(err))
	}
	return nil
}

// Agreement is one block of the service agreement.
type Agreement struct {
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Agreements lists the agreement in lang, else in fallback.
func (s *Store) Agreements(ctx context.Context, siteID int64, lang, fallback string) ([]Agreement, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, title, content FROM service_agreements WHERE site_id = $1 AND language = (
		CASE WHEN EXISTS (SELECT 1 FROM service_agreements WHERE site_id = $1 AND language = $2) THEN $2 ELSE $3 END)
		ORDER BY sort, id`, func(r *sql.Rows, a *Agreement) error { return r.Scan(&a.ID, &a.Title, &a.Content) },
		siteID, lang, fallback)
}

// AllAgreements lists every language's agreement blocks of the site.
func (s *Store) AllAgreements(ctx context.Context, siteID int64) ([]AgreementRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, language, title, content FROM service_agreements WHERE site_id = $1
		ORDER BY language, sort, id`, func(r *sql.Rows, a *AgreementRow) error {
		return r.Scan(&a.ID, &a.Language, &a.Title, &a.Content)
	}, siteID)
}

// ReplaceAgreement makes blocks the language's whole agreement, in order,
// and returns their new ids.
func (s *Store) ReplaceAgreement(ctx context.Context, siteID int64, language string, blocks []AgreementBlock) ([]int64, error) {
	ids := make([]int64, len(blocks))
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM service_agreements WHERE site_id = $1 AND language = $2`, siteID, language); err != nil {
			return fmt.Errorf("agreement: %w", db.MapError(err))
		}
		for i, b := range blocks {
			err := q.QueryRowContext(ctx, `INSERT INTO service_agreements (site_id, language, title, content, sort)
				VALUES ($1, $2, $3, $4, $5) RETURNING id`, siteID, language, b.Title, b.Content, i).Scan(&ids[i])
			if err != nil {
				return fmt.Errorf("agreement block %d: %w", i, db.MapError(err))
			}
		}
		return nil
	})
	return ids, err
}
