package games

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamehall/internal/db"
)

// Store reads the game catalogue.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// TypeRow is one game type.
type TypeRow struct {
	ID            int
	Key           string
	NameEN        string
	HallLabelI18n string
	AppPrefix     string
	Icon          string
	IconActive    string
	Sort          int
}

// Types lists the enabled game types in display order.
func (s *Store) Types(ctx context.Context) ([]TypeRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, type_key, name_en, hall_label_i18n, app_prefix, icon, icon_active, sort
		FROM game_types WHERE enabled = TRUE ORDER BY sort, id`,
		func(r *sql.Rows, t *TypeRow) error {
			return r.Scan(&t.ID, &t.Key, &t.NameEN, &t.HallLabelI18n, &t.AppPrefix, &t.Icon, &t.IconActive, &t.Sort)
		})
}

// ProviderTypeRow is one provider's hall in one game type, with the
// provider's entry of the static provider table.
type ProviderTypeRow struct {
	ProviderID int64
	Code       string
	Name       string
	House      bool
	AppID      string
	Window
	GameType int
	NameI18n string // gp_gt_name
}

// ProviderTypes lists the halls of active providers in display order.
func (s *Store) ProviderTypes(ctx context.Context) ([]ProviderTypeRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT p.id, p.code, p.name, p.house, p.app_id, p.maintenance, p.maintenance_start_at,
		p.maintenance_end_at, p.maintenance_text_i18n, pt.game_type, pt.name_i18n
		FROM provider_game_types pt JOIN providers p ON p.id = pt.provider_id
		WHERE p.active = TRUE ORDER BY pt.game_type, pt.sort, p.sort, p.id`,
		func(r *sql.Rows, p *ProviderTypeRow) error {
			return r.Scan(&p.ProviderID, &p.Code, &p.Name, &p.House, &p.AppID, &p.Maintenance, &p.MaintenanceStartAt,
				&p.MaintenanceEndAt, &p.MaintenanceText, &p.GameType, &p.NameI18n)
		})
}

// GameRow is one game with what the wire needs of its provider.
type GameRow struct {
	ID           int64
	ProviderID   int64
	ProviderCode string
	House        bool
	GameType     int
	Code         string
	NameI18n     string
	Customized   bool
	IconLight    string
	IconDark     string
	AndroidID    string
	LogoImgID    string
}

// Filter selects the games a player may see. Zero fields do not filter,
// except that Currency and Device always apply.
type Filter struct {
	Currency   string // the game must be offered in it
	Device     int    // bitmask the game must share: 1 desktop, 2 mobile
	GameType   int
	ProviderID int64
	HouseOnly  bool
}

const gameColumns = `g.id, g.provider_id, p.code, p.house, g.game_type, g.game_code, g.name_i18n, g.customized,
	g.icon_light, g.icon_dark, g.android_id, g.logo_img_id`

func scanGame(r *sql.Rows, g *GameRow) error {
	return r.Scan(&g.ID, &g.ProviderID, &g.ProviderCode, &g.House, &g.GameType, &g.Code, &g.NameI18n, &g.Customized,
		&g.IconLight, &g.IconDark, &g.AndroidID, &g.LogoImgID)
}

// visible is the condition every listed game meets: enabled, of an enabled
// type other than the hidden one, from an active provider.
const visible = `g.enabled = TRUE AND p.active = TRUE AND t.enabled = TRUE AND g.game_type <> ` + hiddenTypeSQL

const hiddenTypeSQL = "1"

// Games lists the visible games that match f, in display order (type,
// provider, game).
func (s *Store) Games(ctx context.Context, f Filter) ([]GameRow, error) {
	var b strings.Builder
	b.WriteString(`SELECT ` + gameColumns + `
		FROM games g JOIN providers p ON p.id = g.provider_id JOIN game_types t ON t.id = g.game_type
		JOIN provider_game_types pt ON pt.provider_id = g.provider_id AND pt.game_type = g.game_type
		WHERE ` + visible + `
		AND (g.all_currencies = TRUE OR EXISTS (SELECT 1 FROM game_currencies gc WHERE gc.game_id = g.id AND gc.currency = $1))
		AND (g.devices & $2) <> 0`)
	args := []any{f.Currency, f.Device}
	add := func(cond string, v any) {
		args = append(args, v)
		b.WriteString(" AND " + strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.GameType != 0 {
		add("g.game_type = ?", f.GameType)
	}
	if f.ProviderID != 0 {
		add("g.provider_id = ?", f.ProviderID)
	}
	if f.HouseOnly {
		b.WriteString(" AND p.house = TRUE")
	}
	b.WriteString(` ORDER BY t.sort, t.id, pt.sort, p.sort, p.id, g.sort, g.id`)
	return db.Query(ctx, s.db.Q(ctx), b.String(), scanGame, args...)
}

// Membership puts a game in a label or a template list at a position.
type Membership struct {
	GroupID int64
	GameID  int64
}

// Group is a label or a template list.
type Group struct {
	ID        int64
	Tag       string // labels only
	NameI18n  string
	Sort      int
	GameCount int
}

// Labels lists the site's labels in display order.
func (s *Store) Labels(ctx context.Context, siteID int64) ([]Group, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, tag, name_i18n, sort FROM game_labels WHERE site_id = $1 ORDER BY sort, id`,
		func(r *sql.Rows, g *Group) error { return r.Scan(&g.ID, &g.Tag, &g.NameI18n, &g.Sort) }, siteID)
}

// LabelGames lists which games carry which of the site's labels, in each
// label's order.
func (s *Store) LabelGames(ctx context.Context, siteID int64) ([]Membership, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT lg.label_id, lg.game_id FROM game_label_games lg
		JOIN game_labels l ON l.id = lg.label_id WHERE l.site_id = $1 ORDER BY l.sort, l.id, lg.sort, lg.game_id`,
		func(r *sql.Rows, m *Membership) error { return r.Scan(&m.GroupID, &m.GameID) }, siteID)
}

// TemplateLists lists the site's template game lists in display order.
func (s *Store) TemplateLists(ctx context.Context, siteID int64) ([]Group, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, '', title_i18n, sort FROM template_game_lists WHERE site_id = $1 ORDER BY sort, id`,
		func(r *sql.Rows, g *Group) error { return r.Scan(&g.ID, &g.Tag, &g.NameI18n, &g.Sort) }, siteID)
}

// TemplateListGames lists the games of the site's template lists, in order.
func (s *Store) TemplateListGames(ctx context.Context, siteID int64) ([]Membership, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT lg.list_id, lg.game_id FROM template_game_list_games lg
		JOIN template_game_lists l ON l.id = lg.list_id WHERE l.site_id = $1 ORDER BY l.sort, l.id, lg.sort, lg.game_id`,
		func(r *sql.Rows, m *Membership) error { return r.Scan(&m.GroupID, &m.GameID) }, siteID)
}

// PlayRow is a game with everything a launch decides on, visible or not.
type PlayRow struct {
	GameRow
	Enabled        bool
	TypeEnabled    bool
	ProviderActive bool
	Window
	Devices       int
	AllCurrencies bool
}

// GameForPlay loads the game with code; db.ErrNotFound when there is none.
func (s *Store) GameForPlay(ctx context.Context, code string) (PlayRow, error) {
	rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT `+gameColumns+`, g.enabled, t.enabled, p.active, p.maintenance,
		p.maintenance_start_at, p.maintenance_end_at, p.maintenance_text_i18n, g.devices, g.all_currencies
		FROM games g JOIN providers p ON p.id = g.provider_id JOIN game_types t ON t.id = g.game_type
		WHERE g.game_code = $1`,
		func(r *sql.Rows, g *PlayRow) error {
			return r.Scan(&g.ID, &g.ProviderID, &g.ProviderCode, &g.House, &g.GameType, &g.Code, &g.NameI18n, &g.Customized,
				&g.IconLight, &g.IconDark, &g.AndroidID, &g.LogoImgID, &g.Enabled, &g.TypeEnabled, &g.ProviderActive,
				&g.Maintenance, &g.MaintenanceStartAt, &g.MaintenanceEndAt, &g.MaintenanceText, &g.Devices, &g.AllCurrencies)
		}, code)
	if err != nil {
		return PlayRow{}, err
	}
	if len(rows) == 0 {
		return PlayRow{}, fmt.Errorf("game %q: %w", code, db.ErrNotFound)
	}
	return rows[0], nil
}

// GameOffered reports whether the game is offered in currency.
func (s *Store) GameOffered(ctx context.Context, gameID int64, currency string) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM game_currencies WHERE game_id = $1 AND currency = $2`,
		gameID, currency).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("game currencies: %w", db.MapError(err))
	}
	return n > 0, nil
}

// TileRow is what a generated game tile shows.
type TileRow struct {
	Code     string
	NameI18n string
	GameType int
	Provider string
}

// Tile loads what the tile of game code shows; db.ErrNotFound when there is none.
func (s *Store) Tile(ctx context.Context, code string) (TileRow, error) {
	var t TileRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT g.game_code, g.name_i18n, g.game_type, p.name
		FROM games g JOIN providers p ON p.id = g.provider_id WHERE g.game_code = $1`, code).
		Scan(&t.Code, &t.NameI18n, &t.GameType, &t.Provider)
	if err != nil {
		return TileRow{}, fmt.Errorf("game tile %q: %w", code, db.MapError(err))
	}
	return t, nil
}

// ProviderName is the name of the provider with code; db.ErrNotFound when
// there is none.
func (s *Store) ProviderName(ctx context.Context, code string) (string, error) {
	var name string
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT name FROM providers WHERE code = $1`, code).Scan(&name)
	if err != nil {
		return "", fmt.Errorf("provider %q: %w", code, db.MapError(err))
	}
	return name, nil
}

// ProviderRow is a provider of the static table.
type ProviderRow struct {
	ID   int64
	Code string
	Name string
}

// ActiveProviders lists the active providers in display order.
func (s *Store) ActiveProviders(ctx context.Context) ([]ProviderRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, code, name FROM providers WHERE active = TRUE ORDER BY sort, id`,
		func(r *sql.Rows, p *ProviderRow) error { return r.Scan(&p.ID, &p.Code, &p.Name) })
}

// TypesOf maps each of codes that names a game to its game type.
func (s *Store) TypesOf(ctx context.Context, codes []string) (map[string]int, error) {
	out := map[string]int{}
	for chunk := range slices.Chunk(codes, 500) {
		marks := make([]string, len(chunk))
		args := make([]any, len(chunk))
		for i, c := range chunk {
			marks[i], args[i] = "$"+strconv.Itoa(i+1), c
		}
		rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT game_code, game_type FROM games WHERE game_code IN (`+strings.Join(marks, ", ")+`)`,
			func(r *sql.Rows, v *struct {
				code string
				typ  int
			}) error {
				return r.Scan(&v.code, &v.typ)
			}, args...)
		if err != nil {
			return nil, fmt.Errorf("game types of games: %w", err)
		}
		for _, r := range rows {
			out[r.code] = r.typ
		}
	}
	return out, nil
}
