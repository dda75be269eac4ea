package games

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/provider"
)

// Real-money play: /member/game/play1 opens a game (one per member on the
// server), moving the main wallet into the provider's wallet of the member;
// /member/game/leave1 closes it and brings the money back; the one-key
// recall brings back every provider wallet while no game is open.

// Wallet is what launching needs of the wallet (wallet.Service).
type Wallet interface {
	// TransferIn moves amount (0: the whole main wallet) to the member's
	// wallet at p and answers what arrived.
	TransferIn(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet, amount int64) (int64, error)
	// TransferOut moves the member's whole wallet at p back to the main
	// wallet and answers what moved.
	TransferOut(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet) (int64, error)
	// ProviderBalance is the member's wallet at p as the ledger holds it.
	ProviderBalance(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet) (int64, error)
}

// Publisher tells a member's browsers (realtime.Hub).
type Publisher interface {
	PublishMember(memberID int64, event string, data map[string]any)
}

// Codes of real-money launches and recalls (docs/api.md).
var (
	ErrLaunchStarting = api.NewError(951, "launch_already_starting")
	ErrLaunchQuitting = api.NewError(952, "launch_quitting")
	ErrLaunchSame     = api.NewError(953, "launch_duplicate_game")
	ErrLaunchPlaying  = api.NewError(954, "launch_game_playing")
	ErrLaunchRecall   = api.NewError(955, "launch_waiting_recall")
	ErrLaunchFailed   = api.NewError(956, "game_start_failed")
	ErrTransferOff    = api.NewError(957, "launch_transfer_disabled")

	ErrRecallRunning  = api.NewError(101, "one_key_err_code_101")
	ErrRecallCooldown = api.NewError(102, "one_key_err_code_102")
	ErrRecallPlaying  = api.NewError(103, "one_key_err_code_103")
	ErrRecallProvider = api.NewError(104, "one_key_err_code_104")
	ErrRecallNothing  = api.NewError(105, "one_key_err_code_105")
)

// The member centre's account history and limits pages, where a provider's
// reality check sends the member.
const (
	MemberHistoryPath = "/user/Transaction"
	MemberLimitsPath  = "/user/Limits"
)

// Device ids of the spec (section 9).
const (
	deviceIDDesktop = 0
	deviceIDMobile  = 1
	deviceIDApp     = 2
)

// PlayInput is /member/game/play1.
type PlayInput struct {
	GPID     int64  `json:"gp_id"`
	GameType int    `json:"game_type"`
	GameCode string `json:"game_code"`
	LobbyURL string `json:"lobby_url"`
	Device   *int   `json:"device"`
}

// OpenGame is the game a member has open on the server.
type OpenGame struct {
	MemberID  int64
	SiteID    int64
	Currency  string
	Provider  string
	GameCode  string
	State     string
	Device    int
	StartedAt int64
	UpdatedAt int64
}

// Started is the play1 answer; the game's address follows on member.{id}
// as game_url.
type Started struct {
	State    string `json:"state"`
	GameCode string `json:"game_code"`
	GPID     int64  `json:"gp_id"`
}

// Play1 opens a real-money game for the caller.
func (s *Service) Play1(ctx context.Context, p auth.Principal, in PlayInput, lang string) (Started, error) {
	if in.Device == nil || *in.Device < deviceIDDesktop || *in.Device > deviceIDApp {
		return Started{}, api.Bad("device", "must be a device id (desktop 0, mobile 1, app 2)")
	}
	bit := deviceMobile
	if *in.Device == deviceIDDesktop {
		bit = deviceDesktop
	}
	g, err := s.playableGame(ctx, PlayQuery{Query: Query{SiteID: p.SiteID, Currency: p.Currency, Lang: lang}, GPID: in.GPID,
		GameType: in.GameType, GameCode: in.GameCode}, bit)
	if err != nil {
		return Started{}, err
	}
	w, ok := s.providers.Wallet(g.ProviderCode)
	if !ok || !w.Has(g.Code) {
		return Started{}, ErrNotConnected
	}
	if in.LobbyURL != "" && (len(in.LobbyURL) > 300 || in.LobbyURL[0] != '/' || (len(in.LobbyURL) > 1 && in.LobbyURL[1] == '/')) {
		return Started{}, api.Bad("lobby_url", "must be a path of this site")
	}
	exp, _, err := s.sites.CurrencyExponent(ctx, p.SiteID, p.Currency)
	if err != nil {
		return Started{}, err
	}
	minutes := 0
	if s.reality != nil {
		if err := s.reality.CheckReality(ctx, p.SiteID, p.MemberID, p.Currency, exp); err != nil {
			return Started{}, err
		}
		if minutes, err = s.reality.RealityMinutes(ctx, p.SiteID, p.MemberID); err != nil {
			return Started{}, err
		}
	}
	open := OpenGame{MemberID: p.MemberID, SiteID: p.SiteID, Currency: p.Currency, Provider: g.ProviderCode, GameCode: g.Code, State: "starting",
		Device: *in.Device, StartedAt: s.now().UTC().UnixMicro()}
	if err := s.reserveOpen(ctx, p, open); err != nil {
		return Started{}, err
	}
	// Asked once the slot is ours: a restriction committed before this
	// refuses here, one committed after finds the slot and closes it.
	if s.guard != nil {
		if err := s.guard.CheckLaunch(ctx, p.MemberID); err != nil {
			_ = s.store.closeOpen(ctx, p.MemberID)
			return Started{}, err
		}
	}
	// From here the member's slot is ours: every way out frees it.
	_, err = s.wallet.TransferIn(ctx, p.SiteID, p.MemberID, p.Currency, w, 0)
	if err != nil {
		_ = s.store.closeOpen(ctx, p.MemberID)
		if errors.Is(err, provider.ErrMaintenance) {
			// The provider itself says so (no window in our table).
			return Started{}, ErrMaintenance.WithData(Maintenance{GPID: g.ProviderID})
		}
		s.publish(p.MemberID, "forward_game_status", map[string]any{"code": ErrTransferOff.Code, "game_code": g.Code})
		return Started{}, ErrTransferOff
	}
	lobby := in.LobbyURL
	if lobby == "" {
		lobby = "/close"
	}
	url, err := w.LaunchURL(ctx, provider.Launch{Player: provider.Player{SiteID: p.SiteID, MemberID: p.MemberID,
		Currency: p.Currency, Exponent: exp}, GameCode: g.Code, Lang: lang, Device: *in.Device, LobbyURL: lobby,
		RealityMinutes: minutes, HistoryURL: MemberHistoryPath, LimitsURL: MemberLimitsPath})
	if err != nil {
		// Nothing to play: the money goes back and the slot frees.
		_, _ = s.wallet.TransferOut(ctx, p.SiteID, p.MemberID, p.Currency, w)
		_ = s.store.closeOpen(ctx, p.MemberID)
		return Started{}, ErrLaunchFailed
	}
	if ok, err := s.store.moveOpen(ctx, p.MemberID, "starting", "playing", s.now().UTC().UnixMicro()); err != nil {
		return Started{}, err
	} else if !ok {
		return Started{}, ErrLaunchFailed
	}
	if err := s.store.RecordPlayed(ctx, p.MemberID, g.ID, s.now().UnixMicro()); err != nil {
		return Started{}, err
	}
	s.publish(p.MemberID, "game_url", map[string]any{"game_url": url, "game_code": g.Code, "gp_id": g.ProviderID})
	return Started{State: "playing", GameCode: g.Code, GPID: g.ProviderID}, nil
}

// reserveOpen takes the member's one open-game slot (one conditional insert
// decides among concurrent launches). On a desktop a game already playing
// is left first; elsewhere it refuses.
func (s *Service) reserveOpen(ctx context.Context, p auth.Principal, open OpenGame) error {
	for attempt := 0; attempt < 2; attempt++ {
		cur, taken, err := s.store.takeOpen(ctx, open)
		if err != nil || !taken {
			return err
		}
		switch {
		case cur.State == "starting":
			return ErrLaunchStarting
		case cur.State == "quitting":
			return ErrLaunchQuitting
		case cur.State == "recalling":
			return ErrLaunchRecall
		case cur.GameCode == open.GameCode && cur.Provider == open.Provider:
			return ErrLaunchSame
		case open.Device != deviceIDDesktop:
			return ErrLaunchPlaying
		}
		if _, err := s.Leave1(ctx, p); err != nil {
			return err
		}
	}
	return ErrLaunchPlaying
}

// Left is the leave1 answer.
type Left struct {
	Left bool `json:"left"`
}

// Leave1 closes the caller's open game and brings its money back; without
// an open game it answers left false. Money a provider does not hand back
// now stays in the member's wallet there (the recall fetches it later).
func (s *Service) Leave1(ctx context.Context, p auth.Principal) (Left, error) {
	cur, err := s.store.openGame(ctx, p.MemberID)
	if errors.Is(err, db.ErrNotFound) {
		return Left{}, nil
	}
	if err != nil {
		return Left{}, err
	}
	if cur.State != "playing" && cur.State != "starting" {
		return Left{}, ErrLaunchQuitting
	}
	if ok, err := s.store.moveOpen(ctx, p.MemberID, cur.State, "quitting", s.now().UTC().UnixMicro()); err != nil {
		return Left{}, err
	} else if !ok {
		return Left{}, ErrLaunchQuitting
	}
	defer func() { _ = s.store.closeOpen(context.WithoutCancel(ctx), p.MemberID) }()
	w, ok := s.providers.Wallet(cur.Provider)
	if !ok {
		return Left{Left: true}, nil
	}
	exp, _, err := s.sites.CurrencyExponent(ctx, p.SiteID, p.Currency)
	if err != nil {
		return Left{}, err
	}
	_ = w.Leave(ctx, provider.Player{SiteID: p.SiteID, MemberID: p.MemberID, Currency: p.Currency, Exponent: exp})
	if _, err := s.wallet.TransferOut(ctx, p.SiteID, p.MemberID, p.Currency, w); err != nil {
		s.log.WarnContext(ctx, "leave: the provider kept the wallet; the recall fetches it", "provider", cur.Provider, "err", err)
	}
	return Left{Left: true}, nil
}

// recallCooldown is the spec's balance recall cool-down.
const recallCooldown = 10 * time.Second

// Recalled is a recall's answer.
type Recalled struct {
	Providers []string `json:"providers"` // the providers whose money came back
}

// Recall brings back the member's wallet at every provider (gpID 0) or at
// one, while no game is open, once per cool-down. A provider that does not
// answer keeps its money (it is not lost: ask again) and the answer says so.
func (s *Service) Recall(ctx context.Context, p auth.Principal, gpID int64) (Recalled, error) {
	cur, taken, err := s.store.takeOpen(ctx, OpenGame{MemberID: p.MemberID, SiteID: p.SiteID, Currency: p.Currency, State: "recalling",
		StartedAt: s.now().UTC().UnixMicro()})
	if err != nil {
		return Recalled{}, err
	}
	if taken {
		if cur.State == "recalling" {
			return Recalled{}, ErrRecallRunning
		}
		return Recalled{}, ErrRecallPlaying
	}
	defer func() { _ = s.store.closeOpen(context.WithoutCancel(ctx), p.MemberID) }()
	// Only a recall that runs starts the cool-down.
	if ok, err := s.limit.Cooldown(ctx, fmt.Sprintf("recall:%d", p.MemberID), recallCooldown); err != nil {
		return Recalled{}, err
	} else if !ok {
		return Recalled{}, ErrRecallCooldown
	}
	out := Recalled{Providers: []string{}}
	kept := []string{}
	failed, moved := false, false
	for _, w := range s.providers.Wallets() {
		if gpID != 0 {
			id, err := s.store.providerID(ctx, w.Code())
			if err != nil || id != gpID {
				continue
			}
		}
		// A provider in maintenance is not asked: its money stays there,
		// and the answer says so when there is any.
		if on, err := s.inMaintenance(ctx, w.Code()); err != nil {
			return Recalled{}, err
		} else if on {
			if b, err := s.wallet.ProviderBalance(ctx, p.SiteID, p.MemberID, p.Currency, w); err != nil || b > 0 {
				failed = true
				kept = append(kept, w.Code())
			}
			continue
		}
		n, err := s.wallet.TransferOut(ctx, p.SiteID, p.MemberID, p.Currency, w)
		switch {
		case err != nil:
			failed = true
			kept = append(kept, w.Code())
		case n > 0:
			moved = true
			out.Providers = append(out.Providers, w.Code())
		}
	}
	s.publish(p.MemberID, "all_transfer_back", map[string]any{"providers": out.Providers})
	switch {
	case failed:
		return out, ErrRecallProvider.WithData(map[string]any{"providers": out.Providers, "kept": kept})
	case !moved:
		return out, ErrRecallNothing
	}
	return out, nil
}

// CloseAndRecall closes the member's open game and brings every provider
// wallet back to the main wallet: what a time-out or a self-exclusion does
// at once. A recall with nothing to bring back is no failure.
func (s *Service) CloseAndRecall(ctx context.Context, p auth.Principal) error {
	if _, err := s.Leave1(ctx, p); err != nil && !errors.Is(err, ErrLaunchQuitting) {
		return err
	}
	_, err := s.Recall(ctx, p, 0)
	if errors.Is(err, ErrRecallNothing) || errors.Is(err, ErrRecallCooldown) {
		return nil
	}
	return err
}

// An open game stuck in a passing state (its process died between two
// steps) or left playing for a day is swept: the transfer in flight is
// settled by the wallet's reconciler whatever happened, so freeing the slot
// is all that is left for a passing state; an abandoned game is left, which
// brings its money back.
const (
	stuckAfter     = 2 * time.Minute
	abandonedAfter = 24 * time.Hour
)

// SweepOpenGames frees members' open-game slots stuck by a crash and leaves
// games abandoned for a day. Every node may run it: each row is moved by
// one conditional update, so only one node acts on it.
func (s *Service) SweepOpenGames(ctx context.Context) error {
	now := s.now().UTC()
	stuck, err := s.store.staleOpen(ctx, now.Add(-stuckAfter).UnixMicro(), now.Add(-abandonedAfter).UnixMicro())
	if err != nil {
		return err
	}
	for _, o := range stuck {
		if o.State != "playing" {
			if err := s.store.closeOpenIf(ctx, o); err != nil {
				return err
			}
			continue
		}
		if _, err := s.Leave1(ctx, auth.Principal{SiteID: o.SiteID, MemberID: o.MemberID, Currency: o.Currency}); err != nil &&
			!errors.Is(err, ErrLaunchQuitting) {
			s.log.WarnContext(ctx, "sweep: leaving an abandoned game", "member_id", o.MemberID, "err", err)
		}
	}
	return nil
}

// IsPlaying reports whether the member has a game open (the layout's
// is_playing).
func (s *Service) IsPlaying(ctx context.Context, memberID int64) (bool, error) {
	cur, err := s.store.openGame(ctx, memberID)
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return err == nil && (cur.State == "starting" || cur.State == "playing"), err
}

func (s *Service) publish(memberID int64, event string, data map[string]any) {
	if s.pub != nil {
		s.pub.PublishMember(memberID, event, data)
	}
}

// --- store ---

// takeOpen inserts the open-game row unless the member has one; taken
// reports that they had, with the row that stands.
func (s *Store) takeOpen(ctx context.Context, o OpenGame) (cur OpenGame, taken bool, err error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO member_open_games (member_id, site_id, currency, provider, game_code, state,
		device, started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (member_id) DO NOTHING`,
		o.MemberID, o.SiteID, o.Currency, o.Provider, o.GameCode, o.State, o.Device, o.StartedAt)
	if err != nil {
		return OpenGame{}, false, fmt.Errorf("open game: %w", db.MapError(err))
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return o, false, nil
	}
	cur, err = s.openGame(ctx, o.MemberID)
	if errors.Is(err, db.ErrNotFound) {
		// Closed between our insert and our read: try once more.
		return s.takeOpen(ctx, o)
	}
	return cur, true, err
}

func (s *Store) openGame(ctx context.Context, memberID int64) (OpenGame, error) {
	var o OpenGame
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT member_id, site_id, currency, provider, game_code, state, device, started_at
		FROM member_open_games WHERE member_id = $1`, memberID).Scan(&o.MemberID, &o.SiteID, &o.Currency, &o.Provider, &o.GameCode,
		&o.State, &o.Device, &o.StartedAt)
	if err != nil {
		return OpenGame{}, fmt.Errorf("open game: %w", db.MapError(err))
	}
	return o, nil
}

// moveOpen changes the state from one to another; false when it was not in from.
func (s *Store) moveOpen(ctx context.Context, memberID int64, from, to string, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE member_open_games SET state = $3, updated_at = $4
		WHERE member_id = $1 AND state = $2`, memberID, from, to, now)
	if err != nil {
		return false, fmt.Errorf("open game: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// staleOpen lists open games in a passing state since before stuck and
// games playing since before abandoned.
func (s *Store) staleOpen(ctx context.Context, stuck, abandoned int64) ([]OpenGame, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT member_id, site_id, currency, provider, game_code, state, device, started_at, updated_at
		FROM member_open_games WHERE (state <> 'playing' AND updated_at < $1) OR (state = 'playing' AND updated_at < $2)
		ORDER BY updated_at LIMIT 500`, func(r *sql.Rows, o *OpenGame) error {
		return r.Scan(&o.MemberID, &o.SiteID, &o.Currency, &o.Provider, &o.GameCode, &o.State, &o.Device, &o.StartedAt, &o.UpdatedAt)
	}, stuck, abandoned)
}

// closeOpenIf frees the slot only if it is still the row that was read
// (a member who launched again since keeps the new one).
func (s *Store) closeOpenIf(ctx context.Context, o OpenGame) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM member_open_games WHERE member_id = $1 AND state = $2 AND updated_at = $3`,
		o.MemberID, o.State, o.UpdatedAt); err != nil {
		return fmt.Errorf("close game: %w", db.MapError(err))
	}
	return nil
}

func (s *Store) closeOpen(ctx context.Context, memberID int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM member_open_games WHERE member_id = $1`, memberID); err != nil {
		return fmt.Errorf("close game: %w", db.MapError(err))
	}
	return nil
}

func (s *Store) providerID(ctx context.Context, code string) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id FROM providers WHERE code = $1`, code).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, db.ErrNotFound
	}
	return id, db.MapError(err)
}

// MemberRoutes registers the real-money calls on r (a router that requires
// a member session).
func (h *Handler) MemberRoutes(r api.Router) {
	r.Post("/api/member/game/play1", h.play1)
	r.Post("/api/member/game/leave1", h.leave1)
	r.Post("/api/member/profile/balance/all/back", h.recallAll)
	r.Post("/api/member/profile/balance_get_back", h.recallOne)
}

func (h *Handler) play1(r *http.Request) (any, error) {
	var in PlayInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Play1(r.Context(), p, in, api.Lang(r.Context()))
}

func (h *Handler) leave1(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Leave1(r.Context(), p)
}

func (h *Handler) recallAll(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Recall(r.Context(), p, 0)
}

func (h *Handler) recallOne(r *http.Request) (any, error) {
	var in struct {
		GPID int64 `json:"gp_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.GPID <= 0 {
		return nil, api.Bad("gp_id", "must name a provider")
	}
	p, _ := auth.From(r.Context())
	return h.svc.Recall(r.Context(), p, in.GPID)
}
