package seed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/media"
	"gamehall/internal/sanitize"
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

// TestOperatorHTMLIsSanitised: every HTML field the browser renders as HTML
// (the SEO block, pop-up bulletins, the service agreement) is stored as the
// sanitiser rebuilds it, in every language.
func TestOperatorHTMLIsSanitised(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		check := func(what, query string, i18nJSON bool) {
			t.Helper()
			rows, err := d.QueryContext(ctx, query)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			n := 0
			for rows.Next() {
				var raw string
				if err := rows.Scan(&raw); err != nil {
					t.Fatal(err)
				}
				values := map[string]string{"": raw}
				if i18nJSON {
					values = map[string]string{}
					if err := json.Unmarshal([]byte(raw), &values); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
				}
				for lang, v := range values {
					n++
					if sanitize.HTML(v) != v {
						t.Errorf("%s %s is not sanitised: %s", what, lang, v)
					}
				}
			}
			if n == 0 {
				t.Fatalf("%s: nothing checked", what)
			}
		}
		check("seo content", `SELECT seo_content_i18n FROM sites`, true)
		check("bulletin", `SELECT display_content_i18n FROM bulletins`, true)
		check("agreement", `SELECT content FROM service_agreements`, false)
	})
}

// TestStartingBalances: the demo accounts hold their starting balance from
// the first start, posted through the ledger, and the audit is clean.
func TestStartingBalances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		l := ledger.New(d, time.Now, nil)
		for _, account := range []string{seed.DemoMember, seed.DemoAgent} {
			var id int64
			if err := d.QueryRowContext(ctx, `SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
				t.Fatal(err)
			}
			b, err := l.Balance(ctx, ledger.Account{Kind: ledger.Main, MemberID: id}, "USD")
			if err != nil || b != seed.StartingBalance*100 {
				t.Fatalf("%s holds %d (%v), want %d", account, b, err, seed.StartingBalance*100)
			}
		}
		// The lobby's jackpot figure is the ledger's pool, seeded by the house.
		if pool, err := l.Balance(ctx, ledger.Account{Kind: ledger.Jackpot}, "USD"); err != nil || pool != 123456789 {
			t.Fatalf("USD jackpot pool %d (%v)", pool, err)
		}
		r, err := l.Audit(ctx)
		// Two starting balances and seven seeded pools.
		if err != nil || !r.Clean || r.Transactions != 9 {
			t.Fatalf("audit after the seed: %+v %v", r, err)
		}
		// Each starting balance is a paid order naming its ledger transaction, as a settled deposit does.
		var orders, linked int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(t.id) FROM deposit_orders o
			LEFT JOIN ledger_transactions t ON t.id = o.ledger_tx AND t.reference = o.order_no AND t.kind = 'deposit'
			WHERE o.status = 'paid'`).Scan(&orders, &linked); err != nil || orders != 2 || linked != 2 {
			t.Fatalf("seeded deposit orders: %d, linked to their transaction: %d (%v)", orders, linked, err)
		}
	})
}

// languages are the spec's eleven; the demo site offers them all.
var languages = []string{"zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD"}

// sameAsEnglish are the demo texts that may read the same in another
// language, with the reason: proper names players see in Latin letters.
var sameAsEnglish = map[string]string{
	"Gamehall Originals":  "the in-house provider's brand",
	"Silverlake Strikers": "a sponsored club's name",
	"Eastport Mariners":   "a sponsored team's name",
}

// untranslated collects, per language, the English texts the demo content
// shows that language in English (missing, empty, or the English text).
type untranslated map[string]map[string]bool

func (u untranslated) check(what string, byLang map[string]string) {
	en := byLang["en_US"]
	for _, lang := range languages {
		v := strings.TrimSpace(byLang[lang])
		if v == "" || lang != "en_US" && v == en && sameAsEnglish[en] == "" {
			if u[lang] == nil {
				u[lang] = map[string]bool{}
			}
			u[lang][what+": "+en] = true
		}
	}
}

func (u untranslated) report(t *testing.T) {
	t.Helper()
	for _, lang := range languages {
		var list []string
		for s := range u[lang] {
			list = append(list, s)
		}
		sort.Strings(list)
		if len(list) > 0 {
			t.Errorf("%s shows %d demo texts in English:\n%s", lang, len(list), strings.Join(list, "\n"))
		}
	}
}

// TestDemoContentInEveryLanguage: every text of the demo site a player reads
// (lobby content, game and hall names, payment channels, agreements, the
// content pages, letters, member bulletins and red envelopes) is
// seeded in each of the eleven languages, none left in English outside the
// proper names of sameAsEnglish. The failure lists the English texts to
// translate in internal/seed/text/<lang>.json.
func TestDemoContentInEveryLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		u := untranslated{}
		for _, c := range []struct{ table, column string }{
			{"game_types", "hall_label_i18n"}, {"footer_groups", "title_i18n"}, {"footer_links", "title_i18n"},
			{"mobile_footers", "title_i18n"}, {"floats", "title_i18n"}, {"announcements", "title_i18n"},
			{"announcements", "content_i18n"}, {"bulletins", "title_i18n"}, {"bulletins", "display_content_i18n"},
			{"bulletins", "content_i18n"}, {"provider_game_types", "name_i18n"}, {"games", "name_i18n"},
			{"game_labels", "name_i18n"}, {"template_game_lists", "title_i18n"}, {"payment_channels", "name_i18n"},
			{"sites", "seo_content_i18n"}, {"sites", "seo_title_i18n"},
			{"content_pages", "title_i18n"}, {"content_pages", "summary_i18n"}, {"content_pages", "body_i18n"},
			{"letters", "title_i18n"}, {"letters", "content_i18n"}, {"member_bulletins", "title_i18n"},
			{"member_bulletins", "display_content_i18n"}, {"member_bulletins", "content_i18n"}, {"red_envelopes", "title_i18n"},
		} {
			rows, err := d.QueryContext(ctx, fmt.Sprintf(`SELECT %s FROM %s`, c.column, c.table))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for rows.Next() {
				var raw string
				if err := rows.Scan(&raw); err != nil {
					t.Fatal(err)
				}
				m := map[string]string{}
				if err := json.Unmarshal([]byte(raw), &m); err != nil {
					t.Fatalf("%s.%s: %v", c.table, c.column, err)
				}
				if m["en_US"] == "" {
					m["en_US"] = m["default"] // the SEO title's English is its default
				}
				u.check(c.table+"."+c.column, m)
				n++
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
			if n == 0 {
				t.Fatalf("%s is empty", c.table)
			}
		}
		// Tables with a row per language: each language's row against the
		// English row in the same place.
		for _, q := range []struct{ what, query string }{
			{"model_items", `SELECT language, kind || model_version || '/' || sort, title, content FROM model_items`},
			{"service_agreements", `SELECT language, '' || sort, title, content FROM service_agreements`},
		} {
			rows, err := d.QueryContext(ctx, q.query)
			if err != nil {
				t.Fatal(err)
			}
			titles, contents := map[string]map[string]string{}, map[string]map[string]string{}
			for rows.Next() {
				var lang, place, title, content string
				if err := rows.Scan(&lang, &place, &title, &content); err != nil {
					t.Fatal(err)
				}
				if titles[place] == nil {
					titles[place], contents[place] = map[string]string{}, map[string]string{}
				}
				titles[place][lang], contents[place][lang] = title, content
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
			for place := range titles {
				u.check(q.what+" title", titles[place])
				if contents[place]["en_US"] != "" {
					u.check(q.what+" content", contents[place])
				}
			}
		}
		u.report(t)
	})
}
