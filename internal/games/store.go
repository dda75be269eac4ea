package games

import (
	"context"
	"database/sql"

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
	return db.Query(ctx, s.db, `SELECT id, type_key, name_en, hall_label_i18n, app_prefix, icon, icon_active, sort
		FROM game_types WHERE enabled = TRUE ORDER BY sort, id`,
		func(r *sql.Rows, t *TypeRow) error {
			return r.Scan(&t.ID, &t.Key, &t.NameEN, &t.HallLabelI18n, &t.AppPrefix, &t.Icon, &t.IconActive, &t.Sort)
		})
}
