package content

import (
	"context"
	"slices"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/sanitize"
)

// The operator's writes of lobby content other than pages: the desktop
// footer's groups and links, the mobile footer and side float entries
// (custom links and custom service among them) and the banners. Each
// replaces the whole list it names, in one transaction the operator API
// opens (with its audit row). Titles are reduced to plain text and every
// link must be a path of this site or an http(s) URL, so nothing an
// operator types can run in a visitor's browser.

// FooterLinkInput is one link of a footer group.
type FooterLinkInput struct {
	Title map[string]string `json:"title"`
	URL   string            `json:"url"`
	Sort  int               `json:"sort"`
}

// FooterGroupInput is a titled group of footer links.
type FooterGroupInput struct {
	Title map[string]string `json:"title"`
	Sort  int               `json:"sort"`
	Links []FooterLinkInput `json:"links"`
}

// NavInput is one mobile footer or side float entry.
type NavInput struct {
	Type       string            `json:"type"`
	Title      map[string]string `json:"title"`
	Icon       string            `json:"icon"`
	IconActive string            `json:"icon_active"`
	URL        string            `json:"url"`
	Sort       int               `json:"sort"`
}

// BannerInput is one carousel picture.
type BannerInput struct {
	URL        string    `json:"url"`
	LinkType   int       `json:"link_type"`
	LinkMethod int       `json:"link_method"`
	LinkURL    string    `json:"link_url"`
	Game       *GameLink `json:"game_link_parameter"`
	Sort       int       `json:"sort"`
	Published  *bool     `json:"published"`
}

// Entry types of the mobile footer and the side float (the tables' checks).
var (
	mobileFooterTypes = []string{"announcement", "deposit", "withdrawal", "wallet", "discount", "home", "sponsor", "letter",
		"signup", "custom_link", "custom_service"}
	floatTypes = []string{"custom_service", "custom_link", "app_download", "go_top"}
)

const maxEntries = 100

func (s *Service) title(ctx context.Context, siteID int64, field string, in map[string]string) (string, error) {
	t, err := s.texts(ctx, siteID, field, in, maxTitle, sanitize.Text)
	if err == nil && t == "{}" {
		err = api.Bad(field, "is required in at least one language")
	}
	return t, err
}

// link checks an entry's url; empty is allowed where the entry has a
// built-in target (allowEmpty).
func link(field, v string, allowEmpty bool) (string, error) {
	if v == "" && allowEmpty {
		return "", nil
	}
	u, ok := sanitize.URL(v)
	// The client opens a link either as a site path or in a new window;
	// mailto: is for page bodies only.
	if !ok || len(u) > 500 || strings.HasPrefix(strings.ToLower(u), "mailto:") {
		return "", api.Bad(field, "must be a path of this site or an http(s) URL, at most 500 characters")
	}
	return u, nil
}

func image(field, v string) (string, error) {
	u, ok := sanitize.ImageURL(v)
	if !ok || len(u) > 500 {
		return "", api.Bad(field, "must be a path of this site or an https URL")
	}
	return u, nil
}

func checkSort(field string, v int) error {
	if v < 0 || v > maxSort {
		return api.Bad(field, "must be between 0 and 1000000")
	}
	return nil
}

// ReplaceFooter replaces the site's desktop footer and answers it in lang.
func (s *Service) ReplaceFooter(ctx context.Context, siteID int64, groups []FooterGroupInput, lang string) (List[FooterGroup], error) {
	if len(groups) > maxEntries {
		return List[FooterGroup]{}, api.Bad("groups", "has too many entries")
	}
	rows := make([]FooterGroupRow, len(groups))
	for i, g := range groups {
		var err error
		if rows[i].TitleI18n, err = s.title(ctx, siteID, "groups.title", g.Title); err != nil {
			return List[FooterGroup]{}, err
		}
		if err := checkSort("groups.sort", g.Sort); err != nil {
			return List[FooterGroup]{}, err
		}
		if len(g.Links) > maxEntries {
			return List[FooterGroup]{}, api.Bad("groups.links", "has too many entries")
		}
		rows[i].Sort = g.Sort
		for _, l := range g.Links {
			var r FooterLinkRow
			if r.LinkTitleI18n.String, err = s.title(ctx, siteID, "groups.links.title", l.Title); err != nil {
				return List[FooterGroup]{}, err
			}
			if r.URL.String, err = link("groups.links.url", l.URL, false); err != nil {
				return List[FooterGroup]{}, err
			}
			if err := checkSort("groups.links.sort", l.Sort); err != nil {
				return List[FooterGroup]{}, err
			}
			r.LinkSort.Int64 = int64(l.Sort)
			rows[i].Links = append(rows[i].Links, r)
		}
	}
	if err := s.store.ReplaceFooter(ctx, siteID, rows); err != nil {
		return List[FooterGroup]{}, err
	}
	return s.Footer(ctx, siteID, lang)
}

func (s *Service) navRows(ctx context.Context, siteID int64, items []NavInput, types []string, float bool) ([]NavRow, error) {
	if len(items) > maxEntries {
		return nil, api.Bad("items", "has too many entries")
	}
	rows := make([]NavRow, len(items))
	for i, it := range items {
		if !slices.Contains(types, it.Type) {
			return nil, api.Bad("items.type", "is not an entry type of this list")
		}
		r := NavRow{Type: it.Type, Sort: it.Sort}
		var err error
		if r.TitleI18n, err = s.title(ctx, siteID, "items.title", it.Title); err != nil {
			return nil, err
		}
		// Custom links need their own target; the other entries have a
		// built-in one (custom service falls back to the site's service URL).
		if r.URL, err = link("items.url", it.URL, it.Type != "custom_link"); err != nil {
			return nil, err
		}
		if r.Icon, err = image("items.icon", it.Icon); err != nil {
			return nil, err
		}
		r.IconActive = r.Icon
		if !float && it.IconActive != "" {
			if r.IconActive, err = image("items.icon_active", it.IconActive); err != nil {
				return nil, err
			}
		}
		if err := checkSort("items.sort", it.Sort); err != nil {
			return nil, err
		}
		rows[i] = r
	}
	return rows, nil
}

// ReplaceMobileFooter replaces the mobile footer of template ("" is the
// site's default for templates without their own).
func (s *Service) ReplaceMobileFooter(ctx context.Context, siteID int64, template string, items []NavInput, lang string) (List[NavItem], error) {
	if len(template) > 32 {
		return List[NavItem]{}, api.Bad("template", "is too long")
	}
	rows, err := s.navRows(ctx, siteID, items, mobileFooterTypes, false)
	if err != nil {
		return List[NavItem]{}, err
	}
	if err := s.store.ReplaceMobileFooter(ctx, siteID, template, rows); err != nil {
		return List[NavItem]{}, err
	}
	return s.MobileFooter(ctx, siteID, template, lang)
}

// ReplaceFloat replaces the side float entries.
func (s *Service) ReplaceFloat(ctx context.Context, siteID int64, items []NavInput, lang string) (List[NavItem], error) {
	rows, err := s.navRows(ctx, siteID, items, floatTypes, true)
	if err != nil {
		return List[NavItem]{}, err
	}
	if err := s.store.ReplaceFloats(ctx, siteID, rows); err != nil {
		return List[NavItem]{}, err
	}
	return s.Float(ctx, siteID, lang)
}

// ReplaceBanners replaces the banners of one use type (0 desktop, 1 small,
// 2 mobile) and answers the published ones.
func (s *Service) ReplaceBanners(ctx context.Context, siteID int64, useType int, items []BannerInput) (map[string][]Banner, error) {
	if useType < 0 || useType > 2 {
		return nil, api.Bad("use_type", "must be 0, 1 or 2")
	}
	if len(items) > maxEntries {
		return nil, api.Bad("items", "has too many entries")
	}
	rows := make([]Carousel, len(items))
	published := make([]bool, len(items))
	for i, b := range items {
		r := Carousel{LinkType: b.LinkType, LinkMethod: b.LinkMethod, Sort: b.Sort}
		var err error
		if r.URL, err = image("items.url", b.URL); err != nil {
			return nil, err
		}
		if b.LinkMethod != 0 && b.LinkMethod != 1 {
			return nil, api.Bad("items.link_method", "must be 0 or 1")
		}
		switch b.LinkType {
		case LinkExternal, LinkInternal:
			if r.LinkURL, err = link("items.link_url", b.LinkURL, true); err != nil {
				return nil, err
			}
		case LinkGame:
			if b.Game == nil || b.Game.GTID <= 0 || b.Game.GPID <= 0 {
				return nil, api.Bad("items.game_link_parameter", "needs gt_id and gp_id")
			}
			r.GameCurrency, r.GameGTID, r.GameGPID = b.Game.Currency, b.Game.GTID, b.Game.GPID
			r.GameGPGTName, r.Customized = sanitize.Text(b.Game.GPGTName), b.Game.Customized == 1
		default:
			return nil, api.Bad("items.link_type", "must be 0, 1 or 2")
		}
		if err := checkSort("items.sort", b.Sort); err != nil {
			return nil, err
		}
		rows[i], published[i] = r, b.Published == nil || *b.Published
	}
	if err := s.store.ReplaceCarousels(ctx, siteID, useType, rows, published); err != nil {
		return nil, err
	}
	return s.Carousel(ctx, siteID, useType)
}

// The operator's reads give each list in the shape its write takes (text
// per language), so a list can be read, changed and written back whole.

// AdminFooter is the desktop footer as ReplaceFooter takes it.
func (s *Service) AdminFooter(ctx context.Context, siteID int64) ([]FooterGroupInput, error) {
	rows, err := s.store.FooterLinks(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := []FooterGroupInput{}
	var last int64
	for _, r := range rows {
		if len(out) == 0 || last != r.GroupID {
			out = append(out, FooterGroupInput{Title: langMap(r.GroupTitleI18n), Sort: r.GroupSort, Links: []FooterLinkInput{}})
			last = r.GroupID
		}
		if r.LinkID.Valid {
			g := &out[len(out)-1]
			g.Links = append(g.Links, FooterLinkInput{Title: langMap(r.LinkTitleI18n.String), URL: r.URL.String, Sort: int(r.LinkSort.Int64)})
		}
	}
	return out, nil
}

func navInputs(rows []NavRow) []NavInput {
	out := make([]NavInput, len(rows))
	for i, r := range rows {
		out[i] = NavInput{Type: r.Type, Title: langMap(r.TitleI18n), Icon: r.Icon, IconActive: r.IconActive, URL: r.URL, Sort: r.Sort}
	}
	return out
}

// AdminMobileFooter is the template's own mobile footer ("" the default).
func (s *Service) AdminMobileFooter(ctx context.Context, siteID int64, template string) ([]NavInput, error) {
	rows, err := s.store.OwnMobileFooter(ctx, siteID, template)
	return navInputs(rows), err
}

// AdminFloat is the side float.
func (s *Service) AdminFloat(ctx context.Context, siteID int64) ([]NavInput, error) {
	rows, err := s.store.Floats(ctx, siteID)
	return navInputs(rows), err
}

// AdminBanners lists the banners of a use type, unpublished ones included.
func (s *Service) AdminBanners(ctx context.Context, siteID int64, useType int) ([]BannerInput, error) {
	if useType < 0 || useType > 2 {
		return nil, api.Bad("use_type", "must be 0, 1 or 2")
	}
	rows, err := s.store.AllCarousels(ctx, siteID, useType)
	if err != nil {
		return nil, err
	}
	out := make([]BannerInput, len(rows))
	for i, r := range rows {
		published := r.Published
		out[i] = BannerInput{URL: r.URL, LinkType: r.LinkType, LinkMethod: r.LinkMethod, LinkURL: r.LinkURL, Sort: r.Sort, Published: &published}
		if r.LinkType == LinkGame {
			out[i].Game = &GameLink{Currency: r.GameCurrency, GTID: r.GameGTID, GPID: r.GameGPID, GPGTName: r.GameGPGTName,
				Customized: api.Flag(r.Customized)}
		}
	}
	return out, nil
}
