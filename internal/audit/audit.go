// Package audit records the operator's writes: who (address, request), what
// (action, site, target) and a detail that holds no secret. A write and its
// audit row commit together or not at all.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// Actor is who made a write: the operator's client address and the request.
type Actor struct {
	IP        string
	RequestID string
	Method    string
	Path      string
}

// Entry is one audited write.
type Entry struct {
	ID        int64           `json:"id"`
	CreatedAt string          `json:"created_at"`
	IP        string          `json:"ip"`
	RequestID string          `json:"request_id"`
	Method    string          `json:"method"`
	Path      string          `json:"path"`
	Action    string          `json:"action"`
	SiteID    int64           `json:"site_id"`
	Target    string          `json:"target"`
	Detail    json.RawMessage `json:"detail"`
}

// Log owns admin_audit.
type Log struct {
	db  *db.DB
	log *slog.Logger
	now func() time.Time
}

// New returns the audit log on d; lines go to log.
func New(d *db.DB, log *slog.Logger, now func() time.Time) *Log {
	return &Log{db: d, log: log, now: now}
}

// Write runs change and records its audit row in one transaction (change's
// own transactions join it), then logs the write. detail is called after
// change, so it can report what change found; it must hold no secret. The
// log line names the action and target only, never request values.
func (l *Log) Write(ctx context.Context, a Actor, action string, siteID int64, target string,
	change func(ctx context.Context) error, detail func() any) error {
	var id int64
	err := l.db.Tx(ctx, func(ctx context.Context) error {
		if err := change(ctx); err != nil {
			return err
		}
		raw, err := json.Marshal(detail())
		if err != nil {
			return fmt.Errorf("audit detail: %w", err)
		}
		err = l.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO admin_audit (created_at, ip, request_id, method, path, action,
			site_id, target, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
			l.now().UTC().UnixMicro(), a.IP, a.RequestID, a.Method, a.Path, action, siteID, target, string(raw)).Scan(&id)
		if err != nil {
			return fmt.Errorf("audit: %w", db.MapError(err))
		}
		return nil
	})
	if err != nil {
		return err
	}
	l.log.InfoContext(ctx, "admin write", "audit_id", id, "action", action, "site_id", siteID, "target", target,
		"ip", a.IP, "method", a.Method, "path", a.Path, "request_id", a.RequestID)
	return nil
}

// List lists audit rows newest first: of one site (all when 0), with an id
// below beforeID (all when 0).
func (l *Log) List(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[Entry], error) {
	list, err := db.Query(ctx, l.db.Q(ctx), `SELECT id, created_at, ip, request_id, method, path, action, site_id, target, detail
		FROM admin_audit WHERE (CAST($1 AS BIGINT) = 0 OR site_id = CAST($1 AS BIGINT))
		AND (CAST($2 AS BIGINT) = 0 OR id < CAST($2 AS BIGINT)) ORDER BY id DESC LIMIT $3`,
		func(r *sql.Rows, e *Entry) error {
			var detail string
			var created int64
			if err := r.Scan(&e.ID, &created, &e.IP, &e.RequestID, &e.Method, &e.Path, &e.Action, &e.SiteID, &e.Target, &detail); err != nil {
				return err
			}
			e.Detail, e.CreatedAt = []byte(detail), api.FormatTime(created)
			return nil
		}, siteID, beforeID, limit)
	if err != nil {
		return api.Page[Entry]{}, err
	}
	return api.PageOf(list, limit, func(e Entry) int64 { return e.ID }), nil
}
