package games

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/cache"
	"gamehall/internal/db"
	"gamehall/internal/i18n"
	"gamehall/internal/media"
)

// Handler serves the catalogue endpoints of docs/api.md and the generated
// game tiles and provider logos under /media/.
type Handler struct {
	svc    *Service
	cache  *cache.TTL[answer]
	images *cache.TTL[[]byte]
	limit  Limiter
}

// Limiter admits one event of key, at most max per window (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, key string, max int, per time.Duration) (bool, error)
	Cooldown(ctx context.Context, key string, d time.Duration) (bool, error)
}

// DemoPlaysPerMinute is how many demo sessions one client address may open
// a minute: each is a stored row.
const DemoPlaysPerMinute = 60

// NewHandler returns the handler. Catalogue answers are kept ttl per key;
// limit (nil: no limit) bounds demo launches per client address.
func NewHandler(svc *Service, ttl time.Duration, limit Limiter) *Handler {
	return &Handler{svc: svc, cache: cache.New[answer](ttl, 4096, time.Now),
		images: cache.New[[]byte](ttl, 1024, time.Now), limit: limit}
}

// Invalidate drops cached answers; catalogue writers call it.
func (h *Handler) Invalidate() {
	h.cache.Clear()
	h.images.Clear()
}

// Routes registers the API endpoints on r and the generated images on mux.
func (h *Handler) Routes(r api.Router, mux *http.ServeMux) {
	r.Post("/api/demo/gt_games", h.gameTypes)
	r.Post("/api/demo/gp_games", h.providerGames)
	r.Post("/api/v3/game_list", h.gameList)
	r.Post("/api/v2/get_tag_game_list", h.tagGames)
	r.Post("/api/v2/game_label", h.gameLabels)
	r.Post("/api/v2/get_template_game_list", h.templateLists)
	r.Post("/api/arks/web/member-games/hot-games", h.hotGames)
	r.Post("/api/arks/web/game/sport-quickbet-url", h.sportQuickbet)
	r.Post("/api/demo/play", h.demoPlay)
	mux.HandleFunc("GET /media/game/{file}", h.gameTile)
	mux.HandleFunc("GET /media/provider/{file}", h.providerLogo)
}

// answer is a cached catalogue answer: the encoded visitor answer, and the
// value when it lists games, so a member's favourites can be marked on a copy.
type answer struct {
	shared *api.Shared
	v      favoritable
}

// favoritable answers list games; withFavorites copies them with
// member_favorite set.
type favoritable interface {
	withFavorites(fav map[int64]bool) any
}

// cached answers from the catalogue cache; key must hold every input the
// answer depends on. Only successes are cached, and nothing member-specific:
// favourites are marked after the cache.
func (h *Handler) cached(r *http.Request, key string, load func() (any, error)) (any, error) {
	a, err := h.cache.Get(r.URL.Path+"|"+api.Lang(r.Context())+"|"+key, func() (answer, error) {
		v, err := load()
		if err != nil {
			return answer{}, err
		}
		shared, err := api.Encode(v)
		if err != nil {
			return answer{}, err
		}
		fv, _ := v.(favoritable)
		return answer{shared: shared, v: fv}, nil
	})
	if err != nil {
		return nil, err
	}
	if a.v != nil {
		if id := auth.MemberID(r); id > 0 {
			favs, err := h.svc.FavoriteGameIDs(r.Context(), id)
			if err != nil {
				return nil, err
			}
			if len(favs) > 0 {
				return a.v.withFavorites(favs), nil
			}
		}
	}
	return a.shared, nil
}

// flag is a 0/1 body field that also accepts true/false.
type flag bool

func (f *flag) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "1", "true":
		*f = true
	case "0", "false", "null":
		*f = false
	default:
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeFor[int]()}
	}
	return nil
}

// gpParam is gp_id: a provider id, 0 for every provider, or "Popular" (the
// /slotgame route's hot list).
type gpParam struct {
	ID      int64
	Popular bool
}

func (g *gpParam) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if strings.EqualFold(s, "popular") {
			g.Popular = true
			return nil
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && s != "" {
			g.ID = n
			return nil
		}
		return &json.UnmarshalTypeError{Value: "string", Type: reflect.TypeFor[int]()}
	}
	if string(b) == "null" {
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeFor[int]()}
	}
	g.ID = n
	return nil
}

func (g gpParam) key() string {
	if g.Popular {
		return "popular"
	}
	return strconv.FormatInt(g.ID, 10)
}

func (h *Handler) gameTypes(r *http.Request) (any, error) {
	var b struct {
		SiteID        int64  `json:"site_id"`
		SupportDevice int    `json:"support_device"`
		Currency      string `json:"currency"`
		Template      string `json:"template"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	// template does not change the answer: every template shows the same types.
	return h.cached(r, cache.Key(b.SiteID, b.SupportDevice, b.Currency), func() (any, error) {
		return h.svc.GameTypes(r.Context(), GameTypesQuery{SiteID: b.SiteID, SupportDevice: b.SupportDevice,
			Currency: b.Currency, Template: b.Template, Lang: api.Lang(r.Context())})
	})
}

// platformOf maps the spec's device id (0 desktop, 1 mobile, 2 app), which
// /demo/play, /demo/gp_games and /v2/game_label carry, to the client platform
// id the catalogue filters by; an absent or unknown id maps to one that the
// service refuses as an invalid device.
func platformOf(device *int) int {
	if device == nil {
		return -1
	}
	switch *device {
	case deviceIDDesktop:
		return 1
	case deviceIDMobile:
		return 2
	case deviceIDApp:
		return 3
	}
	return -1
}

// providerBody is the body of /demo/gp_games and /v2/game_label.
type providerBody struct {
	SiteID     int64   `json:"site_id"`
	Currency   string  `json:"currency"`
	Device     *int    `json:"device"`
	GPID       gpParam `json:"gp_id"`
	GameTypeID int     `json:"game_type_id"`
	House      flag    `json:"house"`
}

func (b providerBody) query(r *http.Request) GamesQuery {
	return GamesQuery{Query: Query{SiteID: b.SiteID, Currency: b.Currency, Device: platformOf(b.Device), Lang: api.Lang(r.Context())},
		GPID: b.GPID.ID, Popular: b.GPID.Popular, GameType: b.GameTypeID, House: bool(b.House)}
}

func (b providerBody) key() string {
	return cache.Key(b.SiteID, b.Currency, platformOf(b.Device), b.GPID.key(), b.GameTypeID, bool(b.House))
}

func (h *Handler) providerGames(r *http.Request) (any, error) {
	var b providerBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, b.key(), func() (any, error) { return h.svc.ProviderGames(r.Context(), b.query(r)) })
}

func (h *Handler) gameLabels(r *http.Request) (any, error) {
	var b providerBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, b.key(), func() (any, error) { return h.svc.GameLabels(r.Context(), b.query(r)) })
}

// listBody is the body of /v3/game_list and /v2/get_template_game_list.
type listBody struct {
	SiteID        int64  `json:"site_id"`
	Currency      string `json:"currency"`
	SupportDevice int    `json:"support_device"`
	Template      string `json:"template"`
}

func (b listBody) query(r *http.Request) Query {
	return Query{SiteID: b.SiteID, Currency: b.Currency, Device: b.SupportDevice, Lang: api.Lang(r.Context())}
}

func (h *Handler) gameList(r *http.Request) (any, error) {
	var b listBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID, b.Currency, b.SupportDevice), func() (any, error) {
		return h.svc.AllGames(r.Context(), b.query(r))
	})
}

func (h *Handler) templateLists(r *http.Request) (any, error) {
	var b listBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID, b.Currency, b.SupportDevice), func() (any, error) {
		return h.svc.TemplateGameLists(r.Context(), b.query(r))
	})
}

func (h *Handler) tagGames(r *http.Request) (any, error) {
	var b struct {
		SiteID        int64  `json:"site_id"`
		Currency      string `json:"currency"`
		SupportDevice int    `json:"support_device"`
		Tag           string `json:"tag"`
		GTID          int    `json:"gt_id"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	q := TagQuery{Query: Query{SiteID: b.SiteID, Currency: b.Currency, Device: b.SupportDevice, Lang: api.Lang(r.Context())},
		Tag: b.Tag, GameType: b.GTID}
	return h.cached(r, cache.Key(b.SiteID, b.Currency, b.SupportDevice, b.Tag, b.GTID), func() (any, error) {
		return h.svc.TagGames(r.Context(), q)
	})
}

func (h *Handler) hotGames(r *http.Request) (any, error) {
	var b struct {
		SiteID        int64  `json:"site_id"`
		Currency      string `json:"currency"`
		GTID          int    `json:"gt_id"`
		Device        int    `json:"device"`
		SupportDevice int    `json:"support_device"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	device := b.Device
	if device == 0 {
		device = b.SupportDevice
	}
	q := TagQuery{Query: Query{SiteID: b.SiteID, Currency: b.Currency, Device: device, Lang: api.Lang(r.Context())},
		GameType: b.GTID}
	return h.cached(r, cache.Key(b.SiteID, b.Currency, b.GTID, device), func() (any, error) {
		return h.svc.HotGames(r.Context(), q)
	})
}

func (h *Handler) demoPlay(r *http.Request) (any, error) {
	var b struct {
		SiteID   int64   `json:"site_id"`
		Currency string  `json:"currency"`
		Device   *int    `json:"device"`
		GPID     gpParam `json:"gp_id"`
		GameType int     `json:"game_type"`
		GameCode string  `json:"game_code"`
		House    flag    `json:"house"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if h.limit != nil {
		ok, err := h.limit.Allow(r.Context(), "demo_play:"+api.ClientIP(r.Context()).String(), DemoPlaysPerMinute, time.Minute)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, api.ErrTooMany
		}
	}
	return h.svc.DemoPlay(r.Context(), PlayQuery{
		Query: Query{SiteID: b.SiteID, Currency: b.Currency, Device: platformOf(b.Device), Lang: api.Lang(r.Context())},
		GPID:  b.GPID.ID, GameType: b.GameType, GameCode: b.GameCode, House: bool(b.House), MemberID: auth.MemberID(r)})
}

// imageName splits "{code}.svg" or "{code}-dark.svg".
func imageName(file string) (code string, dark bool, ok bool) {
	base, found := strings.CutSuffix(file, ".svg")
	if !found {
		return "", false, false
	}
	base, dark = strings.CutSuffix(base, "-dark")
	if base == "" || len(base) > 64 {
		return "", false, false
	}
	for _, c := range base {
		if !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return "", false, false
		}
	}
	return base, dark, true
}

// gameTile serves /media/game/{game_code}.svg and {game_code}-dark.svg.
func (h *Handler) gameTile(w http.ResponseWriter, r *http.Request) {
	code, dark, ok := imageName(r.PathValue("file"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := h.images.Get("game|"+code+"|"+strconv.FormatBool(dark), func() ([]byte, error) {
		t, err := h.svc.store.Tile(r.Context(), code)
		if err != nil {
			return nil, err
		}
		return media.GameTile(media.Tile{Code: t.Code, Name: i18n.Pick(t.NameI18n), GameType: t.GameType,
			Provider: t.Provider, Dark: dark}), nil
	})
	h.writeImage(w, r, body, err)
}

// providerLogo serves /media/provider/{code}.svg and {code}-dark.svg.
func (h *Handler) providerLogo(w http.ResponseWriter, r *http.Request) {
	code, dark, ok := imageName(r.PathValue("file"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := h.images.Get("provider|"+code+"|"+strconv.FormatBool(dark), func() ([]byte, error) {
		name, err := h.svc.store.ProviderName(r.Context(), code)
		if err != nil {
			return nil, err
		}
		return media.ProviderLogo(code, name, dark), nil
	})
	h.writeImage(w, r, body, err)
}

func (h *Handler) writeImage(w http.ResponseWriter, r *http.Request, body []byte, err error) {
	switch {
	case errors.Is(err, db.ErrNotFound):
		http.NotFound(w, r)
	case err != nil:
		http.Error(w, "image unavailable", http.StatusInternalServerError)
	default:
		media.WriteSVG(w, r, body)
	}
}

// GameTilePath is the generated tile of a game (dark: the dark variant).
func GameTilePath(code string, dark bool) string {
	if dark {
		return "/media/game/" + code + "-dark.svg"
	}
	return "/media/game/" + code + ".svg"
}

// ProviderLogoPath is the generated logo of a provider.
func ProviderLogoPath(code string, dark bool) string {
	if dark {
		return "/media/provider/" + code + "-dark.svg"
	}
	return "/media/provider/" + code + ".svg"
}

func markGames(games []Game, fav map[int64]bool) []Game {
	out := make([]Game, len(games))
	for i, g := range games {
		out[i] = g
		out[i].MemberFavorite = api.Flag(fav[g.GameID])
	}
	return out
}

func (l GameList) withFavorites(fav map[int64]bool) any {
	return GameList{List: markGames(l.List, fav)}
}

func (l TagList) withFavorites(fav map[int64]bool) any {
	return TagList{Tag: l.Tag, List: markGames(l.List, fav)}
}

func (l LabelList) withFavorites(fav map[int64]bool) any {
	out := LabelList{List: make([]Label, len(l.List)), Main: markGames(l.Main, fav)}
	for i, x := range l.List {
		out.List[i] = x
		out.List[i].GameList = markGames(x.GameList, fav)
	}
	return out
}

func (l TemplateLists) withFavorites(fav map[int64]bool) any {
	out := TemplateLists{List: make([]TemplateList, len(l.List))}
	for i, x := range l.List {
		out.List[i] = x
		out.List[i].GameList = markGames(x.GameList, fav)
	}
	return out
}

func (h *Handler) sportQuickbet(r *http.Request) (any, error) {
	var b struct {
		SiteID        int64  `json:"site_id"`
		Currency      string `json:"currency"`
		SupportDevice int    `json:"support_device"`
		Domain        string `json:"domain"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	q := Query{SiteID: b.SiteID, Currency: b.Currency, Device: b.SupportDevice}
	return h.cached(r, cache.Key(b.SiteID, b.Currency, b.SupportDevice, b.Domain), func() (any, error) {
		return h.svc.SportQuickbet(r.Context(), q, b.Domain)
	})
}
