// Package games holds the game catalogue: game types, providers, games,
// labels, tags, hot games and template lists, their availability per
// currency and device, the generated game tiles and provider logos, and the
// launch of demo play.
package games

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/i18n"
	"gamehall/internal/provider"
)

// Sites is what the catalogue needs to know about sites.
type Sites interface {
	CheckSite(ctx context.Context, id int64) error
	// CurrencyExponent is the minor-unit exponent of code when the site offers it.
	CurrencyExponent(ctx context.Context, siteID int64, code string) (exp int, offered bool, err error)
	// DemoMode reports the site's demo mode flag, which disables play.
	DemoMode(ctx context.Context, siteID int64) (bool, error)
}

// Spec-visible failures of launching a game (docs/api.md).
var (
	ErrGameNotFound    = api.NewError(api.CodeNotFound, "game_not_found")
	ErrMaintenance     = api.NewError(203, "game_maintenance")
	ErrNotConnected    = api.NewError(204, "provider_not_connected")
	ErrPlayDisabled    = api.NewError(205, "play_disabled_demo_mode")
	ErrGameUnavailable = api.NewError(206, "game_unavailable")
)

// Service holds the catalogue rules.
type Service struct {
	store     *Store
	sites     Sites
	providers *provider.Registry
	now       func() time.Time
	// Real-money play (nil wallet: demo play only).
	wallet Wallet
	pub    Publisher
	limit  Limiter
	log    *slog.Logger
	// reality refuses a launch while the member's reality check waits;
	// nil: none.
	reality RealityGate
	// guard refuses a launch to a member on a time-out or self-exclusion;
	// nil: none.
	guard LaunchGuard
}

// LaunchGuard refuses opening a real-money game to a member who may not
// play now (exclusion.Service).
type LaunchGuard interface {
	CheckLaunch(ctx context.Context, memberID int64) error
}

// WithLaunchGuard sets who may refuse a real-money launch.
func (s *Service) WithLaunchGuard(g LaunchGuard) *Service {
	s.guard = g
	return s
}

// NewService returns the service; providers are the connected game
// providers. Its clock is time.Now until WithClock replaces it.
func NewService(store *Store, sites Sites, providers *provider.Registry) *Service {
	return &Service{store: store, sites: sites, providers: providers, now: time.Now, log: slog.New(slog.DiscardHandler)}
}

// WithMoney turns real-money play on: transfers through w, game addresses
// published through pub, recalls limited by limit.
func (s *Service) WithMoney(w Wallet, pub Publisher, limit Limiter, log *slog.Logger) *Service {
	s.wallet, s.pub, s.limit, s.log = w, pub, limit, log
	return s
}

// RealityGate keeps members' reality checks (limits.Service).
type RealityGate interface {
	CheckReality(ctx context.Context, siteID, memberID int64, currency string, exp int) error
	// RealityMinutes is the member's interval in force (0: none), handed to
	// a provider whose game client keeps the check on its own rounds.
	RealityMinutes(ctx context.Context, siteID, memberID int64) (int, error)
}

// WithReality sets who keeps the members' reality checks.
func (s *Service) WithReality(g RealityGate) *Service {
	s.reality = g
	return s
}

// WithClock sets the clock every time the service writes comes from, and
// returns the service.
func (s *Service) WithClock(now func() time.Time) *Service {
	s.now = now
	return s
}

// hiddenType is never shown to players (spec section 1).
const hiddenType = 1

// Device bits of games.devices.
const (
	deviceDesktop = 1
	deviceMobile  = 2
	deviceAny     = deviceDesktop | deviceMobile
)

// deviceBit maps a client platform id (spec section 9: desktop 1, mobile 2,
// app 3, gesture 4, finger 5, wechat 6, pwa 7) to the device a game must
// support: desktop for 1, mobile for the others.
func deviceBit(platform int) (int, bool) {
	switch {
	case platform == 1:
		return deviceDesktop, true
	case platform >= 2 && platform <= 7:
		return deviceMobile, true
	}
	return 0, false
}

// Query is what every catalogue list is filtered by.
type Query struct {
	SiteID   int64
	Currency string
	Device   int // client platform id; 0 only where the spec body has none
	Lang     string
}

// check validates the site, the currency (one the site offers) and the
// device, and answers the device bit (any device when optional and absent).
func (s *Service) check(ctx context.Context, q Query, deviceField string, deviceOptional bool) (int, error) {
	if q.SiteID <= 0 {
		return 0, api.Invalid("site_id", nil)
	}
	if err := s.sites.CheckSite(ctx, q.SiteID); err != nil {
		return 0, err
	}
	if q.Currency == "" {
		return 0, api.Invalid("currency", nil)
	}
	if _, ok, err := s.sites.CurrencyExponent(ctx, q.SiteID, q.Currency); err != nil {
		return 0, err
	} else if !ok {
		return 0, api.Bad("currency", "is not offered by the site")
	}
	if q.Device == 0 && deviceOptional {
		return deviceAny, nil
	}
	bit, ok := deviceBit(q.Device)
	if !ok {
		return 0, api.Invalid(deviceField, nil)
	}
	return bit, nil
}

// Provider is one entry of a game type's gp_list: the provider's hall in
// that type and its entry of the static provider table.
type Provider struct {
	GPID        int64  `json:"gp_id"`
	GPCode      string `json:"gp_code"`
	GPName      string `json:"gp_name"`
	GPGTName    string `json:"gp_gt_name"`
	GPLogo      string `json:"gp_logo"`
	GPLogoDark  string `json:"gp_logo_dark"`
	House       int    `json:"house"`
	Active      int    `json:"active"`
	AppID       string `json:"app_id"`
	Connected   int    `json:"connected"`
	Maintenance int    `json:"maintenance"`
	GameCount   int    `json:"game_count"`
}

// GameType is one entry of /demo/gt_games.
type GameType struct {
	GTID          int        `json:"gt_id"`
	GTName        string     `json:"gt_name"`
	GTNameEN      string     `json:"gt_name_en"`
	GTKey         string     `json:"gt_key"`
	AppTypePrefix string     `json:"app_type_prefix"`
	GTIcon        string     `json:"gt_icon"`
	GTIconActive  string     `json:"gt_icon_active"`
	GPList        []Provider `json:"gp_list"`
}

// GameTypesQuery is the body of /demo/gt_games.
type GameTypesQuery struct {
	SiteID        int64
	SupportDevice int
	Currency      string
	Template      string
	Lang          string
}

// GameTypes is /demo/gt_games: the types a player can browse, with the
// game-hall label in the request language and, per type, the providers that
// have games for the currency and device.
func (s *Service) GameTypes(ctx context.Context, q GameTypesQuery) (map[string][]GameType, error) {
	bit, err := s.check(ctx, Query{SiteID: q.SiteID, Currency: q.Currency, Device: q.SupportDevice}, "support_device", false)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.Types(ctx)
	if err != nil {
		return nil, err
	}
	halls, err := s.store.ProviderTypes(ctx)
	if err != nil {
		return nil, err
	}
	games, err := s.store.Games(ctx, Filter{Currency: q.Currency, Device: bit})
	if err != nil {
		return nil, err
	}
	type hallKey struct {
		provider int64
		gt       int
	}
	counts := map[hallKey]int{}
	for _, g := range games {
		counts[hallKey{g.ProviderID, g.GameType}]++
	}
	byType := map[int][]Provider{}
	for _, h := range halls {
		n := counts[hallKey{h.ProviderID, h.GameType}]
		if n == 0 {
			continue
		}
		byType[h.GameType] = append(byType[h.GameType], Provider{GPID: h.ProviderID, GPCode: h.Code, GPName: h.Name,
			GPGTName: labelOr(i18n.Pick(h.NameI18n, q.Lang), h.Name), GPLogo: ProviderLogoPath(h.Code, false),
			GPLogoDark: ProviderLogoPath(h.Code, true), House: api.Flag(h.House), Active: 1, AppID: h.AppID,
			Connected: api.Flag(s.providers.Connected(h.Code)), Maintenance: api.Flag(h.In(s.now())), GameCount: n})
	}
	out := []GameType{}
	for _, t := range rows {
		if t.ID == hiddenType {
			continue
		}
		gp := byType[t.ID]
		if gp == nil {
			gp = []Provider{}
		}
		out = append(out, GameType{GTID: t.ID, GTName: labelOr(i18n.Pick(t.HallLabelI18n, q.Lang), t.NameEN), GTNameEN: t.NameEN,
			GTKey: t.Key, AppTypePrefix: t.AppPrefix, GTIcon: t.Icon, GTIconActive: t.IconActive, GPList: gp})
	}
	return map[string][]GameType{"list": out}, nil
}

// Game is one game on the wire (spec section 3, game provider entry).
type Game struct {
	GameID         int64             `json:"game_id"`
	GPID           int64             `json:"gp_id"`
	GPCode         string            `json:"gp_code"`
	GameType       int               `json:"game_type"`
	GameCode       string            `json:"game_code"`
	GameName       map[string]string `json:"game_name"`
	House          int               `json:"house"`
	Customized     int               `json:"customized"`
	IconLight      string            `json:"icon_light"`
	IconDark       string            `json:"icon_dark"`
	MemberFavorite int               `json:"member_favorite"`
	AndroidID      string            `json:"android_id"`
	LogoImgID      string            `json:"logo_img_id"`
	Tags           []string          `json:"tags"`
	Connected      int               `json:"connected"`
}

// gameNames decodes a stored name map; en_US is always present (the game
// code when the operator gave no English name), so clients can fall back to it.
func gameNames(raw, code string) map[string]string {
	m := map[string]string{}
	_ = json.Unmarshal([]byte(raw), &m)
	for k, v := range m {
		if v == "" {
			delete(m, k)
		}
	}
	if m[i18n.DefaultLang] == "" {
		m[i18n.DefaultLang] = code
	}
	return m
}

func toGame(g GameRow, tags map[int64][]string, connected func(provider, game string) bool) Game {
	t := tags[g.ID]
	if t == nil {
		t = []string{}
	}
	return Game{GameID: g.ID, GPID: g.ProviderID, GPCode: g.ProviderCode, GameType: g.GameType, GameCode: g.Code,
		GameName: gameNames(g.NameI18n, g.Code), House: api.Flag(g.House), Customized: api.Flag(g.Customized),
		IconLight: g.IconLight, IconDark: g.IconDark, AndroidID: g.AndroidID, LogoImgID: g.LogoImgID, Tags: t,
		Connected: api.Flag(connected(g.ProviderCode, g.Code))}
}

// catalogue is the visible games of one query with the site's labels.
type catalogue struct {
	// connected reports whether a game launches now (its provider is
	// connected here and serves it).
	connected func(provider, game string) bool
	games     []GameRow
	byID      map[int64]GameRow
	tags      map[int64][]string
	labels    []Group
	member    []Membership // label memberships
}

func (s *Service) catalogue(ctx context.Context, siteID int64, f Filter) (catalogue, error) {
	c := catalogue{byID: map[int64]GameRow{}, tags: map[int64][]string{}, connected: s.providers.Launches}
	var err error
	if c.games, err = s.store.Games(ctx, f); err != nil {
		return c, err
	}
	for _, g := range c.games {
		c.byID[g.ID] = g
	}
	if c.labels, err = s.store.Labels(ctx, siteID); err != nil {
		return c, err
	}
	if c.member, err = s.store.LabelGames(ctx, siteID); err != nil {
		return c, err
	}
	tagOf := map[int64]string{}
	for _, l := range c.labels {
		tagOf[l.ID] = l.Tag
	}
	for _, m := range c.member {
		if _, ok := c.byID[m.GameID]; ok {
			c.tags[m.GameID] = append(c.tags[m.GameID], tagOf[m.GroupID])
		}
	}
	return c, nil
}

func (c catalogue) all() []Game {
	out := make([]Game, len(c.games))
	for i, g := range c.games {
		out[i] = toGame(g, c.tags, c.connected)
	}
	return out
}

// inGroup lists the visible games of one group, in the group's order.
func (c catalogue) inGroup(members []Membership, groupID int64) []Game {
	out := []Game{}
	for _, m := range members {
		if m.GroupID != groupID {
			continue
		}
		if g, ok := c.byID[m.GameID]; ok {
			out = append(out, toGame(g, c.tags, c.connected))
		}
	}
	return out
}

func (c catalogue) label(tag string) (Group, bool) {
	for _, l := range c.labels {
		if l.Tag == tag {
			return l, true
		}
	}
	return Group{}, false
}

// GameList is the {list: [games]} answer.
type GameList struct {
	List []Game `json:"list"`
}

// GamesQuery is the body of /demo/gp_games and /v2/game_label.
type GamesQuery struct {
	Query
	GPID     int64
	Popular  bool // gp_id "Popular": the site's hot games of the type
	GameType int
	House    bool
}

func (s *Service) providerFilter(ctx context.Context, q GamesQuery) (Filter, error) {
	bit, err := s.check(ctx, q.Query, "device", false)
	if err != nil {
		return Filter{}, err
	}
	if q.GameType == hiddenType || q.GameType < 0 || q.GameType > 99 {
		return Filter{}, api.Invalid("game_type_id", nil)
	}
	if q.GPID < 0 {
		return Filter{}, api.Invalid("gp_id", nil)
	}
	return Filter{Currency: q.Currency, Device: bit, GameType: q.GameType, ProviderID: q.GPID, HouseOnly: q.House}, nil
}

// ProviderGames is /demo/gp_games: the games of provider gp_id (every
// provider when 0; the site's hot games when "Popular") in game type
// game_type_id (every type when 0), in-house only when house is 1.
func (s *Service) ProviderGames(ctx context.Context, q GamesQuery) (GameList, error) {
	f, err := s.providerFilter(ctx, q)
	if err != nil {
		return GameList{}, err
	}
	c, err := s.catalogue(ctx, q.SiteID, f)
	if err != nil {
		return GameList{}, err
	}
	if q.Popular {
		hot, ok := c.label(TagHot)
		if !ok {
			return GameList{List: []Game{}}, nil
		}
		return GameList{List: c.inGroup(c.member, hot.ID)}, nil
	}
	return GameList{List: c.all()}, nil
}

// Label is one entry of /v2/game_label.
type Label struct {
	ID       int64  `json:"id"`
	Tag      string `json:"tag"`
	Name     string `json:"name"`
	Sort     int    `json:"sort"`
	GameList []Game `json:"game_list"`
}

// LabelList is the /v2/game_label answer: the labels with their games and
// main, every game of the selection (the "all" tab).
type LabelList struct {
	List []Label `json:"list"`
	Main []Game  `json:"main"`
}

// GameLabels is /v2/game_label, filtered like /demo/gp_games.
func (s *Service) GameLabels(ctx context.Context, q GamesQuery) (LabelList, error) {
	f, err := s.providerFilter(ctx, q)
	if err != nil {
		return LabelList{}, err
	}
	c, err := s.catalogue(ctx, q.SiteID, f)
	if err != nil {
		return LabelList{}, err
	}
	out := LabelList{List: make([]Label, len(c.labels)), Main: c.all()}
	for i, l := range c.labels {
		out.List[i] = Label{ID: l.ID, Tag: l.Tag, Name: labelOr(i18n.Pick(l.NameI18n, q.Lang), l.Tag), Sort: l.Sort,
			GameList: c.inGroup(c.member, l.ID)}
	}
	return out, nil
}

// AllGames is /v3/game_list: every game the site shows for the currency and
// device, in display order (type, provider, game).
func (s *Service) AllGames(ctx context.Context, q Query) (GameList, error) {
	bit, err := s.check(ctx, q, "support_device", false)
	if err != nil {
		return GameList{}, err
	}
	c, err := s.catalogue(ctx, q.SiteID, Filter{Currency: q.Currency, Device: bit})
	if err != nil {
		return GameList{}, err
	}
	return GameList{List: c.all()}, nil
}

// Tags of the spec's labels.
const (
	TagHot = "hot"
	TagNew = "new"
)

// TagList is the /v2/get_tag_game_list answer.
type TagList struct {
	Tag  string `json:"tag"`
	List []Game `json:"list"`
}

// TagQuery is the body of /v2/get_tag_game_list and hot games.
type TagQuery struct {
	Query
	Tag      string
	GameType int // 0: every type
}

// TagGames is /v2/get_tag_game_list: the games carrying tag in type gt_id
// (every type when 0), in the label's order. An unknown tag has no games.
func (s *Service) TagGames(ctx context.Context, q TagQuery) (TagList, error) {
	bit, err := s.check(ctx, q.Query, "support_device", false)
	if err != nil {
		return TagList{}, err
	}
	list, err := s.tagged(ctx, q, bit)
	return TagList{Tag: q.Tag, List: list}, err
}

func (s *Service) tagged(ctx context.Context, q TagQuery, bit int) ([]Game, error) {
	q.Tag = strings.TrimSpace(q.Tag)
	if q.Tag == "" || len(q.Tag) > 32 {
		return nil, api.Invalid("tag", nil)
	}
	if q.GameType == hiddenType || q.GameType < 0 || q.GameType > 99 {
		return nil, api.Invalid("gt_id", nil)
	}
	c, err := s.catalogue(ctx, q.SiteID, Filter{Currency: q.Currency, Device: bit, GameType: q.GameType})
	if err != nil {
		return nil, err
	}
	l, ok := c.label(q.Tag)
	if !ok {
		return []Game{}, nil
	}
	return c.inGroup(c.member, l.ID), nil
}

// HotGames is /arks/web/member-games/hot-games: the site's hot games of type
// gt_id (every type when 0). The spec body has no device; a device, when
// given, filters like elsewhere.
func (s *Service) HotGames(ctx context.Context, q TagQuery) (GameList, error) {
	bit, err := s.check(ctx, q.Query, "device", true)
	if err != nil {
		return GameList{}, err
	}
	q.Tag = TagHot
	list, err := s.tagged(ctx, q, bit)
	return GameList{List: list}, err
}

// TemplateList is one curated list of /v2/get_template_game_list.
type TemplateList struct {
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	Sort     int    `json:"sort"`
	GameList []Game `json:"game_list"`
}

// TemplateLists is the /v2/get_template_game_list answer.
type TemplateLists struct {
	List []TemplateList `json:"list"`
}

// TemplateGameLists is /v2/get_template_game_list: the site's curated home
// lists, each with its games available for the currency and device.
func (s *Service) TemplateGameLists(ctx context.Context, q Query) (TemplateLists, error) {
	bit, err := s.check(ctx, q, "support_device", false)
	if err != nil {
		return TemplateLists{}, err
	}
	c, err := s.catalogue(ctx, q.SiteID, Filter{Currency: q.Currency, Device: bit})
	if err != nil {
		return TemplateLists{}, err
	}
	lists, err := s.store.TemplateLists(ctx, q.SiteID)
	if err != nil {
		return TemplateLists{}, err
	}
	members, err := s.store.TemplateListGames(ctx, q.SiteID)
	if err != nil {
		return TemplateLists{}, err
	}
	out := TemplateLists{List: make([]TemplateList, len(lists))}
	for i, l := range lists {
		out.List[i] = TemplateList{ID: l.ID, Title: i18n.Pick(l.NameI18n, q.Lang), Sort: l.Sort, GameList: c.inGroup(members, l.ID)}
	}
	return out, nil
}

// FavoriteGameIDs is the member's favourites (empty for visitors).
func (s *Service) FavoriteGameIDs(ctx context.Context, memberID int64) (map[int64]bool, error) {
	if memberID <= 0 {
		return map[int64]bool{}, nil
	}
	return s.store.FavoriteGameIDs(ctx, memberID)
}

func labelOr(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// formatTime is RFC 3339 UTC, "" for an unset (zero) time.
func formatTime(micros int64) string {
	if micros == 0 {
		return ""
	}
	return time.UnixMicro(micros).UTC().Format(time.RFC3339)
}

// TypesOf maps game codes to their game types (the bonus turnover weighs
// bets by type).
func (s *Service) TypesOf(ctx context.Context, codes []string) (map[string]int, error) {
	return s.store.TypesOf(ctx, codes)
}
