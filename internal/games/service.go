// Package games holds the game catalogue: game types, providers, games,
// labels, tags and hot games, and the launch of games.
package games

import (
	"context"

	"gamehall/internal/i18n"
)

// Sites is what the catalogue needs to know about sites.
type Sites interface {
	CheckSite(ctx context.Context, id int64) error
}

// Service holds the catalogue rules.
type Service struct {
	store *Store
	sites Sites
}

// NewService returns the service.
func NewService(store *Store, sites Sites) *Service {
	return &Service{store: store, sites: sites}
}

// hiddenType is never shown to players (spec section 1).
const hiddenType = 1

// GameType is one entry of /demo/gt_games.
type GameType struct {
	GTID          int    `json:"gt_id"`
	GTName        string `json:"gt_name"`
	GTNameEN      string `json:"gt_name_en"`
	GTKey         string `json:"gt_key"`
	AppTypePrefix string `json:"app_type_prefix"`
	GTIcon        string `json:"gt_icon"`
	GTIconActive  string `json:"gt_icon_active"`
	GPList        []any  `json:"gp_list"`
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
// game-hall label in the request language.
func (s *Service) GameTypes(ctx context.Context, q GameTypesQuery) (map[string][]GameType, error) {
	if err := s.sites.CheckSite(ctx, q.SiteID); err != nil {
		return nil, err
	}
	rows, err := s.store.Types(ctx)
	if err != nil {
		return nil, err
	}
	out := []GameType{}
	for _, t := range rows {
		if t.ID == hiddenType {
			continue
		}
		out = append(out, GameType{GTID: t.ID, GTName: labelOr(i18n.Pick(t.HallLabelI18n, q.Lang), t.NameEN), GTNameEN: t.NameEN,
			GTKey: t.Key, AppTypePrefix: t.AppPrefix, GTIcon: t.Icon, GTIconActive: t.IconActive, GPList: []any{}})
	}
	return map[string][]GameType{"list": out}, nil
}

func labelOr(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}
