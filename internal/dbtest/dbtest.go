// Package dbtest gives tests real, migrated databases: a temporary SQLite
// file always, and a fresh PostgreSQL database when GAMEHALL_TEST_POSTGRES
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
// under -race, and a test opens one database or more. Test helper state
// (with pgTemplate below), the only package-level state of the project.
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

// Postgres opens a migrated database of its own, dropped after the test; it
// skips the test when GAMEHALL_TEST_POSTGRES is empty. The database is a copy
// (CREATE DATABASE ... TEMPLATE) of one migrated once for these migrations:
// migrating took 1.5 s a test, the copy and the drop 0.4 s.
func Postgres(t testing.TB) *db.DB {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		t.Skip(PostgresEnv + " not set")
	}
	template, err := postgresTemplate(dsn)
	if err != nil {
		t.Fatalf("template database (is PostgreSQL running at %s?): %v", dsn, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "gh_test_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name + ` TEMPLATE ` + template + ` STRATEGY FILE_COPY`); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
		admin.Close()
	})
	d, err := db.OpenPostgres(context.Background(), testDSN(dsn, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// testDSN is dsn naming database name. A test's commits need not survive a
// crash of the PostgreSQL server, so they skip waiting for the WAL flush;
// what each statement does is the same (synchronous_commit changes when a
// commit is acknowledged, never what it sees or writes).
func testDSN(dsn, name string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}

// postgresTemplate answers the name of the database migrated with the
// current migrations, made by the first test binary that needs it. Test
// binaries run at once, so the making holds an advisory lock; the template is
// kept for later runs (its name holds the migrations' digest) and templates
// of other digests are dropped.
func postgresTemplate(dsn string) (string, error) {
	pgTemplate.once.Do(func() {
		pgTemplate.name, pgTemplate.err = makePostgresTemplate(dsn)
	})
	return pgTemplate.name, pgTemplate.err
}

var pgTemplate struct {
	once sync.Once
	name string
	err  error
}

func makePostgresTemplate(dsn string) (string, error) {
	digest, err := db.MigrationsDigest(db.Postgres)
	if err != nil {
		return "", err
	}
	name := "gh_template_" + digest[:16]
	ctx := context.Background()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	const lock = 0x67686462 // "ghdb"
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, lock); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, lock) //nolint:errcheck // the session's end releases it too
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	rows, err := conn.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'gh\_template\_%'`)
	if err != nil {
		return "", err
	}
	var stale []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return "", err
		}
		stale = append(stale, n)
	}
	rows.Close()
	for _, n := range stale {
		if _, err := conn.ExecContext(ctx, `DROP DATABASE `+n+` WITH (FORCE)`); err != nil {
			return "", err
		}
	}
	// Built under another name and renamed once migrated: a run killed
	// half-way leaves no template that looks whole.
	building := name + "_new"
	if _, err := conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building); err != nil {
		return "", err
	}
	d, err := db.OpenPostgres(ctx, testDSN(dsn, building))
	if err != nil {
		return "", err
	}
	err = d.Migrate(ctx)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name); err != nil {
		return "", err
	}
	return name, nil
}
