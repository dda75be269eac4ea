// Package dbtest gives tests real, migrated databases: a temporary SQLite
// file always, and a fresh PostgreSQL schema when GAMEHALL_TEST_POSTGRES
// holds a DSN (CI sets it, so no PostgreSQL test is skipped there).
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"gamehall/internal/db"
)

// PostgresEnv names the variable holding the PostgreSQL test DSN.
const PostgresEnv = "GAMEHALL_TEST_POSTGRES"

// Each runs fn as a subtest per database: "sqlite", then "postgres" when configured.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if os.Getenv(PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

// SQLite opens a migrated database in a temporary file.
func SQLite(t testing.TB) *db.DB {
	t.Helper()
	file, err := migratedFile()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := db.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// sqliteTemplate holds a freshly migrated SQLite database file, made once per
// test binary and copied for each test: migrating took about a second
// under -race, and a test opens one database or more. Test helper state,
// the only package-level state of the project.
var sqliteTemplate struct {
	once sync.Once
	file []byte
	err  error
}

func migratedFile() ([]byte, error) {
	sqliteTemplate.once.Do(func() {
		sqliteTemplate.file, sqliteTemplate.err = migrate()
	})
	return sqliteTemplate.file, sqliteTemplate.err
}

// migrate migrates a new SQLite file and answers its bytes, the WAL
// copied into it.
func migrate() ([]byte, error) {
	dir, err := os.MkdirTemp("", "gamehall-dbtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	err = d.Migrate(ctx)
	if err == nil {
		_, err = d.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// Postgres opens a migrated database in a new schema that is dropped after
// the test; it skips the test when GAMEHALL_TEST_POSTGRES is empty.
func Postgres(t testing.TB) *db.DB {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		t.Skip(PostgresEnv + " not set")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema (is PostgreSQL running at %s?): %v", dsn, err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	d, err := db.OpenPostgres(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	return migrated(t, d)
}

func migrated(t testing.TB, d *db.DB) *db.DB {
	t.Helper()
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}
