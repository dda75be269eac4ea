// Command letters measures the inbox on SQLite through the real handler: the
// time a letter to every member of a currency takes to write with 100,000
// members (and, for contrast, a letter to a list of 10,000 accounts), and
// /arks/web/member/letter requests/s for members holding 500 letters each,
// in slices alternating with a bare net/http JSON handler in the same run.
//
//	go run ./bench/letters [-members 100000] [-letters 500] [-conns 64] [-d 8s]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"gamehall/bench/harness"
	"gamehall/bench/load"
	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/secret"
)

const adminKey = "5e1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

func main() {
	members := flag.Int("members", 100_000, "USD members of the broadcast")
	letters := flag.Int("letters", 500, "letters each reading member holds")
	readers := flag.Int("readers", 16, "members whose letter lists are read")
	conns := flag.Int("conns", 64, "concurrent keep-alive connections")
	dur := flag.Duration("d", 8*time.Second, "measured time of the list call")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuProfile != "" {
		if f, err := os.Create(*cpuProfile); err == nil {
			_ = pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	if err := run(*members, *letters, *readers, *conns, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// post sends body and decodes the envelope's data into into.
func post(url, body string, into any, headers ...string) error {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.Code != 100 {
		return fmt.Errorf("%s: %d %s %s", url, env.Code, env.Message, bytes.TrimSpace(raw))
	}
	if into != nil {
		return json.Unmarshal(env.Data, into)
	}
	return nil
}

// addMembers inserts n USD members named bench000001... in one transaction.
func addMembers(ctx context.Context, d *db.DB, n int, hash string) error {
	return d.Tx(ctx, func(ctx context.Context) error {
		const per = 500
		for start := 0; start < n; start += per {
			var b strings.Builder
			b.WriteString(`INSERT INTO members (site_id, account, password_hash, currency, status, recommend_code, created_at, updated_at) VALUES `)
			args := []any{hash}
			for i := start; i < min(start+per, n); i++ {
				if i > start {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "(1, $%d, $1, 'USD', 'active', $%d, 0, 0)", len(args)+1, len(args)+2)
				args = append(args, fmt.Sprintf("bench%06d", i), fmt.Sprintf("BN%07d", i))
			}
			if _, err := d.Q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
}

func run(members, letters, readers, conns int, dur time.Duration) error {
	ctx := context.Background()
	d, stop, err := harness.DemoSQLite(ctx)
	if err != nil {
		return err
	}
	defer stop()
	const password = "bench123"
	if err := addMembers(ctx, d, members, secret.HashPassword(password, secret.OWASP)); err != nil {
		return err
	}
	cfg := config.Default()
	cfg.Dev, cfg.AdminKey = true, adminKey
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	a, err := app.New(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), d)
	if err != nil {
		return err
	}
	defer a.Close()
	appURL, stopApp, err := load.Serve(a.Handler())
	if err != nil {
		return err
	}
	defer stopApp()
	admin := []string{"Authorization", "Bearer " + adminKey}

	fmt.Printf("letters, SQLite, %d USD members\n", members)
	var sent struct {
		Recipients int `json:"recipients"`
	}
	start := time.Now()
	if err := post(appURL+"/admin/sites/1/letters", `{"to":"currency","currency":"USD","title":{"en_US":"To every USD member"},
		"content":{"en_US":"<p>Hello</p>"}}`, &sent, admin...); err != nil {
		return err
	}
	fmt.Printf("  broadcast to every USD member (%d members): %s (one letter row; members' states are written as they read or delete)\n",
		members, time.Since(start).Round(time.Microsecond))
	list := make([]string, min(10_000, members))
	for i := range list {
		list[i] = fmt.Sprintf("bench%06d", i)
	}
	body, _ := json.Marshal(map[string]any{"to": "accounts", "accounts": list, "title": map[string]string{"en_US": "To a list"}})
	start = time.Now()
	if err := post(appURL+"/admin/sites/1/letters", string(body), &sent, admin...); err != nil {
		return err
	}
	fmt.Printf("  letter to a list of %d accounts: %s (accounts looked up first; rows written in chunks of 500)\n",
		sent.Recipients, time.Since(start).Round(time.Millisecond))

	// The readers: logged in, each holding `letters` letters sent to them.
	tokens := make([]string, readers)
	accounts := make([]string, readers)
	for i := range tokens {
		accounts[i] = fmt.Sprintf("bench%06d", members-1-i)
		var c struct {
			Token string `json:"token"`
		}
		ip := []string{"X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", i/200, i%200+1)}
		if err := post(appURL+"/api/captcha", `{"type":1,"site_id":1}`, &c, ip...); err != nil {
			return err
		}
		var l struct {
			Token string `json:"token"`
		}
		if err := post(appURL+"/api/login", fmt.Sprintf(`{"account":%q,"password":%q,"site_id":1,"answer":"1234","captcha_token":%q}`,
			accounts[i], password, c.Token), &l, ip...); err != nil {
			return err
		}
		tokens[i] = l.Token
	}
	to, _ := json.Marshal(accounts)
	start = time.Now()
	for i := range letters {
		if err := post(appURL+"/admin/sites/1/letters", fmt.Sprintf(`{"to":"accounts","accounts":%s,"title":{"en_US":"Letter %d"},
			"content":{"en_US":"<p>Your weekly summary number %d.</p>"}}`, to, i, i), nil, admin...); err != nil {
			return err
		}
	}
	fmt.Printf("  %d letters to %d readers through the operator API: %s\n", letters, readers, time.Since(start).Round(time.Millisecond))

	bareURL, stopBare, err := load.Serve(load.Bare())
	if err != nil {
		return err
	}
	defer stopBare()
	r, b := load.Paired(fmt.Sprintf("/arks/web/member/letter (%d letters each)", letters+2), appURL+"/api/arks/web/member/letter",
		`{"active":0,"count":50,"language":"en_US","page":1,"site_id":1,"sort_field":"id","sort_order":"desc"}`,
		"  paired bare handler", bareURL+"/", `{"site_id":1}`, conns, dur, 4, load.AsMembers(tokens))
	fmt.Printf("  %d connections, %d members' tokens, %s\n", conns, readers, dur)
	fmt.Println(b)
	fmt.Printf("%s  ratio %.2f\n", r, r.RPS()/b.RPS())
	return nil
}
