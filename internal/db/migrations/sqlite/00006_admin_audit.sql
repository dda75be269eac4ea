-- +goose Up
-- Every successful write of the operator API (/admin/...): who (client IP,
-- request id), what (method, path, action), on what (site, target) and the
-- non-secret details of the change (JSON). The operator key is never stored.
-- owner: audit
CREATE TABLE admin_audit (
    id         INTEGER PRIMARY KEY,
    created_at INTEGER NOT NULL,
    ip         TEXT NOT NULL,
    request_id TEXT NOT NULL DEFAULT '',
    method     TEXT NOT NULL,
    path       TEXT NOT NULL,
    action     TEXT NOT NULL,
    site_id    INTEGER NOT NULL,
    target     TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '{}'
) STRICT;
CREATE INDEX admin_audit_site ON admin_audit (site_id, id);

-- +goose Down
DROP TABLE admin_audit;
