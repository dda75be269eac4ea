package games

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
)

// Member game lists: favourites (the my_favorite tab, member_favorite marks)
// and the last played games (the last_play tab).

// lastPlayedMax is how many last-played games a member keeps.
const lastPlayedMax = 20

// FavoriteGameIDs implements Favorites from the store.
func (s *Store) FavoriteGameIDs(ctx context.Context, memberID int64) (map[int64]bool, error) {
	ids, err := db.Query(ctx, s.db.Q(ctx), `SELECT game_id FROM member_favorite_games WHERE member_id = $1`,
		func(r *sql.Rows, id *int64) error { return r.Scan(id) }, memberID)
	if err != nil {
		return nil, fmt.Errorf("favourites: %w", err)
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// SetFavorites adds (on) or removes the games in one transaction; unknown
// game ids are refused by the foreign key.
func (s *Store) SetFavorites(ctx context.Context, memberID int64, gameIDs []int64, on bool, now int64) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		for _, id := range gameIDs {
			q := `DELETE FROM member_favorite_games WHERE member_id = $1 AND game_id = $2`
			args := []any{memberID, id}
			if on {
				q = `INSERT INTO member_favorite_games (member_id, game_id, created_at) VALUES ($1, $2, $3)
					ON CONFLICT (member_id, game_id) DO NOTHING`
				args = append(args, now)
			}
			if _, err := s.db.Q(ctx).ExecContext(ctx, q, args...); err != nil {
				return fmt.Errorf("favourite %d: %w", id, db.MapError(err))
			}
		}
		return nil
	})
}

// RecordPlayed moves a game to the top of the member's last-played list and
// keeps the list short.
func (s *Store) RecordPlayed(ctx context.Context, memberID, gameID, now int64) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO member_played_games (member_id, game_id, played_at) VALUES ($1, $2, $3)
			ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = $3`, memberID, gameID, now); err != nil {
			return fmt.Errorf("record played: %w", db.MapError(err))
		}
		_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM member_played_games WHERE member_id = $1 AND game_id NOT IN (
			SELECT game_id FROM member_played_games WHERE member_id = $1 ORDER BY played_at DESC, game_id DESC LIMIT $2)`,
			memberID, lastPlayedMax)
		if err != nil {
			return fmt.Errorf("trim played: %w", db.MapError(err))
		}
		return nil
	})
}

// LastPlayed lists the member's last played game ids, newest first.
func (s *Store) LastPlayed(ctx context.Context, memberID int64) ([]int64, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT game_id FROM member_played_games WHERE member_id = $1 ORDER BY played_at DESC, game_id DESC`,
		func(r *sql.Rows, id *int64) error { return r.Scan(id) }, memberID)
}

// MemberGames serves the member game lists.
type MemberGames struct {
	store *Store
	now   func() int64
}

// NewMemberGames returns the service; its routes need a member session.
func NewMemberGames(store *Store, now func() int64) *MemberGames {
	return &MemberGames{store: store, now: now}
}

// Routes registers the member-only endpoints on r.
func (m *MemberGames) Routes(r api.Router) {
	r.Post("/api/arks/web/member-games/favorite/store", m.storeFavorites)
	r.Post("/api/arks/web/member-games/last-playing-game", m.lastPlaying)
}

// storeFavorites is the spec's {data: [game_id...], status}: status 1 adds
// the games to the caller's favourites, 0 removes them.
func (m *MemberGames) storeFavorites(r *http.Request) (any, error) {
	var b struct {
		Data   []int64 `json:"data"`
		Status *int    `json:"status"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if len(b.Data) == 0 || len(b.Data) > 100 {
		return nil, api.Invalid("data", nil)
	}
	if b.Status == nil || (*b.Status != 0 && *b.Status != 1) {
		return nil, api.Invalid("status", nil)
	}
	err := m.store.SetFavorites(r.Context(), auth.MemberID(r), b.Data, *b.Status == 1, m.now())
	if err != nil && isForeignKey(err) {
		return nil, ErrGameNotFound
	}
	return api.Done(err)
}

func (m *MemberGames) lastPlaying(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	ids, err := m.store.LastPlayed(r.Context(), auth.MemberID(r))
	if err != nil {
		return nil, err
	}
	return map[string][]int64{"list": ids}, nil
}

func isForeignKey(err error) bool { return errors.Is(err, db.ErrForeignKey) }
