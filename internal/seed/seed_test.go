package seed_test

import (
	"context"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/media"
	"gamehall/internal/seed"
)

func TestDemoSeedIsCompleteAndIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		paths, err := seed.Demo(ctx, d, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) < 50 {
			t.Fatalf("seed names only %d images", len(paths))
		}
		for _, p := range paths {
			if !media.Exists(p) {
				t.Errorf("seed refers to %s, which is not in internal/media/files", p)
			}
		}
		again, err := seed.Demo(ctx, d, time.Now())
		if err != nil || again != nil {
			t.Fatalf("second seed: %v %v", again, err)
		}
		var sites, banners int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM sites`).Scan(&sites); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM carousels`).Scan(&banners); err != nil {
			t.Fatal(err)
		}
		if sites != 1 || banners != 11 {
			t.Fatalf("sites %d banners %d after seeding twice", sites, banners)
		}
	})
}

// TestNoExternalURLs keeps the demo data free of outside addresses.
func TestNoExternalURLs(t *testing.T) {
	d := dbtest.SQLite(t)
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`SELECT url FROM carousels UNION ALL SELECT link_url FROM carousels`,
		`SELECT url FROM footer_links UNION ALL SELECT url FROM mobile_footers UNION ALL SELECT url FROM floats`,
		`SELECT display_content_i18n FROM bulletins UNION ALL SELECT photo FROM model_items UNION ALL SELECT url FROM model_items`,
		`SELECT customer_service_url FROM sites UNION ALL SELECT app_ios_url FROM sites UNION ALL SELECT app_android_url FROM sites`,
	} {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			if containsExternal(s) {
				t.Errorf("external address in seed: %s", s)
			}
		}
		rows.Close()
	}
}

func containsExternal(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i:i+4] == "http" || (i+2 <= len(s) && s[i:i+2] == "//") {
			return true
		}
	}
	return false
}
