package member

import (
	"context"
	"database/sql"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// BlacklistEntry is one blocked value: a member name, an e-mail, a phone
// (registration codes 214, 216, 215) or an IP address (login 201,
// registration 218).
type BlacklistEntry struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// BlacklistKinds are the lists a site has.
var BlacklistKinds = []string{"name", "email", "phone", "ip"}

// normalise checks the entry and puts its value in the form registration
// and login compare with: names trimmed (compared exactly), e-mails trimmed
// and lower case, phones as digits, IPs in canonical form.
func (e *BlacklistEntry) normalise() error {
	if !slices.Contains(BlacklistKinds, e.Kind) {
		return api.Bad("kind", "must be one of "+strings.Join(BlacklistKinds, ", "))
	}
	v := strings.TrimSpace(e.Value)
	switch e.Kind {
	case "name":
		if v == "" || utf8.RuneCountInString(v) > 50 || !utf8.ValidString(v) || strings.IndexFunc(v, unicode.IsControl) >= 0 {
			return api.Bad("value", "must be a name of 1 to 50 characters")
		}
	case "email":
		v = strings.ToLower(v)
		local, domain, ok := strings.Cut(v, "@")
		if !ok || local == "" || !strings.Contains(domain, ".") || strings.ContainsAny(v, " \t<>\"',;") ||
			strings.Count(v, "@") != 1 || len(v) > 100 {
			return api.Bad("value", "must be an e-mail address")
		}
	case "phone":
		if v == "" || len(v) > 20 || strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
			return api.Bad("value", "must be 1 to 20 digits")
		}
	case "ip":
		ip, err := netip.ParseAddr(v)
		if err != nil {
			return api.Bad("value", "must be an IP address")
		}
		v = ip.Unmap().String()
	}
	e.Value = v
	return nil
}

// MaxBlacklist bounds one listing.
const MaxBlacklist = 1000

// BlacklistPage is a listing; Truncated says more entries exist.
type BlacklistPage struct {
	List      []BlacklistEntry `json:"list"`
	Truncated bool             `json:"truncated"`
}

// Blacklist lists a site's entries of kind (every kind when empty).
func (s *Service) Blacklist(ctx context.Context, siteID int64, kind string) (BlacklistPage, error) {
	if kind != "" && !slices.Contains(BlacklistKinds, kind) {
		return BlacklistPage{}, api.Bad("kind", "must be one of "+strings.Join(BlacklistKinds, ", "))
	}
	list, err := s.store.Blacklist(ctx, siteID, kind, MaxBlacklist+1)
	if err != nil {
		return BlacklistPage{}, err
	}
	page := BlacklistPage{List: list}
	if len(list) > MaxBlacklist {
		page.List, page.Truncated = list[:MaxBlacklist], true
	}
	return page, nil
}

// SetBlacklisted adds (on) or removes an entry, normalising it first; it
// returns the entry as stored and whether the list changed.
func (s *Service) SetBlacklisted(ctx context.Context, siteID int64, e BlacklistEntry, on bool) (BlacklistEntry, bool, error) {
	if err := e.normalise(); err != nil {
		return e, false, err
	}
	changed, err := s.store.SetBlacklisted(ctx, siteID, e, on)
	return e, changed, err
}

// Blacklisted reports whether value is on the site's list of kind.
func (s *Store) Blacklisted(ctx context.Context, siteID int64, kind, value string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM blacklist WHERE site_id = $1 AND kind = $2 AND value = $3`,
		siteID, kind, value).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("blacklist: %w", db.MapError(err))
	}
	return n > 0, nil
}

// Blacklist lists the site's entries of kind (every kind when empty), at
// most limit of them.
func (s *Store) Blacklist(ctx context.Context, siteID int64, kind string, limit int) ([]BlacklistEntry, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT kind, value FROM blacklist WHERE site_id = $1 AND ($2 = '' OR kind = $2)
		ORDER BY kind, value LIMIT $3`, func(r *sql.Rows, e *BlacklistEntry) error { return r.Scan(&e.Kind, &e.Value) },
		siteID, kind, limit)
}

// SetBlacklisted adds (on) or removes an entry; false when nothing changed.
func (s *Store) SetBlacklisted(ctx context.Context, siteID int64, e BlacklistEntry, on bool) (bool, error) {
	q := `DELETE FROM blacklist WHERE site_id = $1 AND kind = $2 AND value = $3`
	if on {
		q = `INSERT INTO blacklist (site_id, kind, value) VALUES ($1, $2, $3) ON CONFLICT (site_id, kind, value) DO NOTHING`
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, q, siteID, e.Kind, e.Value)
	if err != nil {
		return false, fmt.Errorf("blacklist: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
