// Package db opens SQLite or PostgreSQL behind one *sql.DB, runs the embedded
// migrations of the chosen dialect and maps driver errors to domain errors.
package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // registers "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the SQL database behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

//go:embed migrations
var migrations embed.FS

// DB is a connection pool plus the dialect it speaks.
type DB struct {
	*sql.DB
	Dialect Dialect
	// writer admits one outermost SQLite transaction at a time (nil on
	// PostgreSQL). Every SQLite transaction is BEGIN IMMEDIATE, a writer,
	// so they run one at a time anyway; queueing them here, in arrival
	// order, keeps a burst from starving some of them in SQLite's busy
	// handler, which sleeps and retries without any order and gives up after
	// the busy timeout (50 parallel launches saw 15 of them fail that way).
	writer chan struct{}
	// stopCheckpoints ends the SQLite checkpointer (nil on PostgreSQL),
	// which closes checkpointsDone when it has.
	stopCheckpoints, checkpointsDone chan struct{}
	// fence is SQLite's (nil on PostgreSQL): it tells when the group
	// committer's batches are on disk (see fence).
	fence *fence
}

// writerWait bounds the wait for the SQLite writer: past it the transaction
// fails busy, as SQLite's own busy timeout would.
const writerWait = 30 * time.Second

// sqlitePragmas are in the DSN so that every pooled connection gets them;
// a PRAGMA statement would only reach the one connection that ran it.
// temp_store(memory) keeps statement journals (one per savepoint: the
// ledger's group commit opens one per posting) and the audit's temporary
// sorts off temporary files: a savepoint cost several times an UPDATE
// through file syscalls, and our temporary data is small (the audit over
// 1,000,000 postings peaks under 100 MiB).
//
// wal_autocheckpoint(16384): a commit that finds the WAL past 8,192 pages (32
// MiB) checkpoints it, which lets the next writer start the WAL over; the
// checkpointer has copied most of it back by then (see checkpoints).
const sqlitePragmas = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=temp_store(memory)&_pragma=wal_autocheckpoint(16384)&_txlock=immediate"

// SQLiteDSN is the DSN of the SQLite file at path.
func SQLiteDSN(path string) string {
	return "file:" + path + "?" + sqlitePragmas
}

// Open connects to databaseURL (postgres://...) or, when it is empty, to the
// SQLite file gamehall.db under dataDir, creating the directory.
func Open(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	if databaseURL != "" {
		return OpenPostgres(ctx, databaseURL)
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	return OpenSQLite(ctx, filepath.Join(dataDir, "gamehall.db"))
}

// OpenSQLite opens the SQLite database file at path.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	f := newFence(path + "-wal")
	sqldb := sql.OpenDB(sqliteConnector{dsn: SQLiteDSN(path), drv: &sqlite.Driver{}, fence: f})
	// WAL gives concurrent readers; writers queue on the busy timeout.
	sqldb.SetMaxOpenConns(16)
	sqldb.SetMaxIdleConns(16)
	d, err := ping(ctx, &DB{DB: sqldb, Dialect: SQLite, writer: make(chan struct{}, 1), fence: f})
	if err != nil {
		return nil, err
	}
	d.stopCheckpoints, d.checkpointsDone = make(chan struct{}), make(chan struct{})
	go d.checkpoints()
	return d, nil
}

// checkpointEvery is how often the checkpointer copies what the WAL holds
// back into the database file.
const checkpointEvery = 500 * time.Millisecond

// checkpoints runs a passive checkpoint every checkpointEvery until Close.
// SQLite's automatic checkpoint runs inside the commit that finds the WAL
// past its threshold, on the committing writer's path: at the default of
// 1,000 pages that was every other group commit batch, copying a thousand
// pages and syncing the database file while the callers of the batch and
// of the next waited (8% of the writer's time under real-money play). A
// passive checkpoint copies beside the writer and the readers, so the
// automatic one, now at 8,192 pages, finds little left to copy; it still
// runs, because the WAL starts over only when a writer begins after a
// checkpoint that copied everything, which a checkpoint beside a busy
// writer never does.
func (d *DB) checkpoints() {
	defer close(d.checkpointsDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-d.stopCheckpoints:
			return
		case <-t.C:
			// A failure (the database closing, disk full) shows again at
			// the next tick and in every write meanwhile.
			_, _ = d.DB.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// Close stops the checkpointer and closes the pool.
func (d *DB) Close() error {
	if d.stopCheckpoints != nil {
		close(d.stopCheckpoints)
		<-d.checkpointsDone
		d.stopCheckpoints = nil
	}
	return d.DB.Close()
}

// OpenPostgres opens a PostgreSQL pool through pgx.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	if _, err := url.Parse(dsn); err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	sqldb, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqldb.SetMaxOpenConns(32)
	sqldb.SetMaxIdleConns(32)
	return ping(ctx, &DB{DB: sqldb, Dialect: Postgres})
}

func ping(ctx context.Context, d *DB) (*DB, error) {
	if err := d.PingContext(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("connect %s: %w", d.Dialect, err)
	}
	return d, nil
}

// MigrationsDigest names the schema the dialect's migrations build: the
// SHA-256 of their names and texts, in hex. Tests key the migrated databases
// they copy by it, so a changed migration never meets a stale copy.
func MigrationsDigest(dialect Dialect) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations, "migrations/"+string(dialect), func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		text, err := migrations.ReadFile(path)
		fmt.Fprintf(h, "%s %d\n", path, len(text))
		h.Write(text)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("migrations digest: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Migrate applies every pending migration of the dialect.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+string(d.Dialect))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	dialect := goose.DialectSQLite3
	if d.Dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, d.DB, sub)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Domain errors the stores return instead of driver errors.
var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict: unique constraint")
	ErrCheck      = errors.New("check constraint violated")
	ErrForeignKey = errors.New("foreign key violated")
	ErrBusy       = errors.New("database busy")
)

// MapError turns a driver error into one of the domain errors above (wrapped,
// so the driver text stays in logs) and leaves other errors alone. It is the
// one place that knows driver error types.
func MapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	var kind error
	var pgErr *pgconn.PgError
	var liteErr *sqlite.Error
	switch {
	case errors.As(err, &pgErr):
		kind = pgKinds[pgErr.Code]
	case errors.As(err, &liteErr):
		// Extended result codes: the primary code is the low byte.
		kind = sqliteKinds[liteErr.Code()]
		if kind == nil {
			kind = sqliteKinds[liteErr.Code()&0xff]
		}
	}
	if kind == nil {
		return err
	}
	return fmt.Errorf("%w: %w", kind, err)
}

var pgKinds = map[string]error{
	"23505": ErrConflict,
	"23514": ErrCheck,
	"23503": ErrForeignKey,
	"40001": ErrBusy, // serialization failure: safe to retry
	"40P01": ErrBusy, // deadlock detected
	"55P03": ErrBusy, // lock not available
}

var sqliteKinds = map[int]error{
	sqlite3.SQLITE_CONSTRAINT_UNIQUE:     ErrConflict,
	sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY: ErrConflict,
	sqlite3.SQLITE_CONSTRAINT_CHECK:      ErrCheck,
	sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY: ErrForeignKey,
	sqlite3.SQLITE_BUSY:                  ErrBusy,
	sqlite3.SQLITE_LOCKED:                ErrBusy,
}
