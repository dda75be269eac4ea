// Command realplay measures real-money play against the built binary, on
// SQLite and on PostgreSQL (issue 11):
//
//   - launch: /member/game/play1 until the game's address arrives on the
//     member's socket (game_url on member.{id}), one member after another,
//     p50 and p99 (target p99 under 50 ms on SQLite);
//   - rounds: real-money Fortune Reels spins through the HTTP play API from
//     200 members at once, each round one durable ledger transaction (bet,
//     win, jackpot share), beside the raw limit measured in the same run:
//     the database's own rate for a transaction of the same shape (insert a
//     round, debit and credit three balances, insert their postings) from
//     as many clients, without HTTP, RNG or rules; then the ledger audit.
//
// Each member holds 10,000.00 USD (a settled deposit) and a live session.
//
//	go run ./bench/realplay -bin bin/gamehall [-members 200] [-d 5s] [-pg DSN|off]
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gamehall/bench/harness"
	"gamehall/internal/ledger"
)

const (
	password = "bench123"
	funds    = 1_000_000 // 10,000.00 USD
)

func main() {
	bin := flag.String("bin", "bin/gamehall", "gamehall binary to start")
	members := flag.Int("members", 200, "members playing at once")
	dur := flag.Duration("d", 5*time.Second, "measured time of the rounds run and of the raw run")
	pg := flag.String("pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL DSN for a fresh schema; off skips PostgreSQL")
	lite := flag.Bool("sqlite", true, "measure on SQLite (false: PostgreSQL only)")
	flag.Parse()
	if *lite {
		if err := run(*bin, "SQLite", harness.Store{}, *members, *dur); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
	if *pg == "off" {
		return
	}
	st, drop, err := harness.PostgresSchema(*pg)
	if err != nil {
		fmt.Println("PostgreSQL skipped:", err)
		return
	}
	defer drop()
	if err := run(*bin, "PostgreSQL", st, *members, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(bin, name string, st harness.Store, n int, d time.Duration) error {
	if st.DatabaseURL == "" {
		dir, err := os.MkdirTemp("", "gamehall-realplay-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		st.DataDir = filepath.Join(dir, "data")
	}
	fmt.Printf("\n%s, %d members\n", name, n)
	members, err := harness.SeedMembers(bin, st, n, password)
	if err != nil {
		return err
	}
	if err := fund(st, members); err != nil {
		return err
	}
	srv, err := harness.Start(bin, st)
	if err != nil {
		return err
	}
	defer srv.Stop()
	sessions, err := launches(srv, members)
	if err != nil {
		return err
	}
	rounds, err := spins(srv, sessions, d)
	if err != nil {
		return err
	}
	raw, err := rawLimit(st, n, d)
	if err != nil {
		return err
	}
	fmt.Printf("raw limit (the same transaction shape straight on the database, %d clients): %.0f tx/s; the play API reaches %.0f%% of it\n",
		n, raw, 100*rounds/raw)
	client := &http.Client{Timeout: 30 * time.Second}
	for i, m := range members {
		if code, err := harness.Post(client, srv.Base+"/api/member/game/leave1", harness.IP(int64(i)), m.Token, map[string]any{}, nil); err != nil || code != 100 {
			return fmt.Errorf("leave1: %d %v", code, err)
		}
	}
	return audit(st)
}

// fund gives every member a settled deposit through the ledger.
func fund(st harness.Store, members []harness.Session) error {
	ctx := context.Background()
	d, err := st.Open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	l := ledger.New(d, time.Now, nil)
	for _, m := range members {
		if _, err := l.Post(ctx, ledger.Entry{Key: fmt.Sprintf("bench-funds:%d", m.ID), Kind: ledger.Deposit, Currency: "USD",
			Reference: "bench", Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Clearing, Provider: "sandbox"}, Amount: -funds},
				{Account: ledger.Account{Kind: ledger.Main, MemberID: m.ID}, Amount: funds}}}); err != nil {
			return fmt.Errorf("fund: %w", err)
		}
	}
	return nil
}

func audit(st harness.Store) error {
	ctx := context.Background()
	d, err := st.Open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	r, err := ledger.New(d, time.Now, nil).Audit(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("audit after the run: %d transactions, %d postings, clean %v (%s)\n", r.Transactions, r.Postings, r.Clean,
		r.Took.Round(time.Millisecond))
	if !r.Clean {
		return fmt.Errorf("audit found violations: %v", r.Violations)
	}
	return nil
}

// socket is a member's connection subscribed to member.{id}, with the
// game addresses it hears.
type socket struct {
	conn *websocket.Conn
	urls chan string
}

func dial(srv *harness.Server, m harness.Session) (*socket, error) {
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, "ws://"+srv.Addr+"/connection/websocket", nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	msg := fmt.Sprintf(`{"id":1,"connect":{"token":%q}}`+"\n"+`{"id":2,"subscribe":{"channel":"member.%d"}}`, m.Token, m.ID)
	if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		return nil, err
	}
	s := &socket{conn: c, urls: make(chan string, 4)}
	subscribed := make(chan struct{})
	go func() {
		once := sync.Once{}
		defer once.Do(func() { close(subscribed) })
		for {
			_, raw, err := c.Read(ctx)
			if err != nil {
				return
			}
			sc := bufio.NewScanner(strings.NewReader(string(raw)))
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				line := sc.Text()
				if strings.HasPrefix(line, `{"id":2`) {
					once.Do(func() { close(subscribed) })
					continue
				}
				var push struct {
					Push struct {
						Pub struct {
							Data struct {
								Event string `json:"event"`
								Data  struct {
									GameURL string `json:"game_url"`
								} `json:"data"`
							} `json:"data"`
						} `json:"pub"`
					} `json:"push"`
				}
				if json.Unmarshal([]byte(line), &push) == nil && push.Push.Pub.Data.Event == "game_url" {
					s.urls <- push.Push.Pub.Data.Data.GameURL
				}
			}
		}
	}()
	select {
	case <-subscribed:
		return s, nil
	case <-time.After(10 * time.Second):
		c.CloseNow()
		return nil, fmt.Errorf("member.%d: not subscribed", m.ID)
	}
}

// launches opens the slot for every member, one after another, timing
// play1 until game_url arrives; it answers each member's game session.
func launches(srv *harness.Server, members []harness.Session) ([]string, error) {
	client := &http.Client{Timeout: 30 * time.Second}
	sessions := make([]string, len(members))
	lat := make([]time.Duration, 0, len(members))
	for i, m := range members {
		s, err := dial(srv, m)
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		code, err := harness.Post(client, srv.Base+"/api/member/game/play1", harness.IP(int64(i)), m.Token,
			map[string]any{"gp_id": 1, "game_type": 2, "game_code": "gh_slot_fortune", "lobby_url": "/close", "device": 0}, nil)
		if err != nil || code != 100 {
			s.conn.CloseNow()
			return nil, fmt.Errorf("play1: code %d: %v", code, err)
		}
		select {
		case u := <-s.urls:
			lat = append(lat, time.Since(t0))
			parsed, err := url.Parse(u)
			if err != nil {
				return nil, err
			}
			sessions[i] = parsed.Query().Get("session")
		case <-time.After(10 * time.Second):
			return nil, fmt.Errorf("member.%d: no game_url within 10 s", m.ID)
		}
		s.conn.CloseNow()
	}
	slices.Sort(lat)
	fmt.Printf("play1 to game_url on the socket, %d launches one after another: p50 %s, p99 %s\n", len(lat),
		pct(lat, 0.5), pct(lat, 0.99))
	return sessions, nil
}

// addressRounds is how many rounds a bench member plays from one address
// (below the play API's 600 a minute).
const addressRounds = 400

// spins plays real-money spins from every session at once for d (after a
// warm-up of a fifth of it) and answers rounds per second. Each member
// plays from an address of its own, as people do, and moves to a new one
// every addressRounds rounds: the play API's per-address limit (600 a
// minute) is a person's, and these members play far faster than people.
func spins(srv *harness.Server, sessions []string, d time.Duration) (float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: len(sessions), MaxConnsPerHost: len(sessions)}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	defer tr.CloseIdleConnections()
	var next atomic.Int64
	var failure atomic.Value
	played := make([]int, len(sessions))
	measure := func(d time.Duration, lat *[]time.Duration) int {
		var mu sync.Mutex
		var count atomic.Int64
		stop := time.Now().Add(d)
		var wg sync.WaitGroup
		for i, s := range sessions {
			wg.Go(func() {
				var mine []time.Duration
				for time.Now().Before(stop) {
					n := next.Add(1)
					played[i]++
					ip := harness.IP(int64(i + len(sessions)*(played[i]/addressRounds)))
					t0 := time.Now()
					code, err := harness.Post(client, srv.Base+"/games/api/play", ip, "",
						map[string]any{"session": s, "request_id": fmt.Sprintf("r%d", n), "choices": map[string]any{"line_bet": 5}}, nil)
					if err != nil || code != 100 {
						failure.CompareAndSwap(nil, fmt.Errorf("play: code %d: %v", code, err))
						return
					}
					mine = append(mine, time.Since(t0))
					count.Add(1)
				}
				mu.Lock()
				*lat = append(*lat, mine...)
				mu.Unlock()
			})
		}
		wg.Wait()
		return int(count.Load())
	}
	var warm []time.Duration
	measure(d/5, &warm)
	var lat []time.Duration
	cpu, own := srv.CPU(), harness.CPUTime(os.Getpid())
	n := measure(d, &lat)
	cpu, own = srv.CPU()-cpu, harness.CPUTime(os.Getpid())-own
	if err, _ := failure.Load().(error); err != nil {
		return 0, err
	}
	slices.Sort(lat)
	rps := float64(n) / d.Seconds()
	// The clients share the machine's processors with the server: their
	// share is printed beside the server's.
	fmt.Printf("real-money spins through /games/api/play, %d members at once: %.0f rounds/s, p50 %s, p99 %s; processor time a round: the server %.0f µs, these clients %.0f µs\n",
		len(sessions), rps, pct(lat, 0.5), pct(lat, 0.99), float64(cpu.Microseconds())/float64(max(n, 1)), float64(own.Microseconds())/float64(max(n, 1)))
	return rps, nil
}

// rawLimit is the database's rate for a transaction shaped like a round's
// (insert the round; move the stake and the win across three balances,
// the player's guarded; insert the postings) from clients at once, in
// scratch tables of the same database.
func rawLimit(st harness.Store, clients int, d time.Duration) (float64, error) {
	ctx := context.Background()
	dbh, err := st.Open(ctx)
	if err != nil {
		return 0, err
	}
	defer dbh.Close()
	for _, q := range []string{
		`CREATE TABLE bench_raw_rounds (id BIGINT PRIMARY KEY, player BIGINT NOT NULL, stake BIGINT NOT NULL, win BIGINT NOT NULL)`,
		`CREATE TABLE bench_raw_balances (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)`,
		`CREATE TABLE bench_raw_postings (round_id BIGINT NOT NULL, account BIGINT NOT NULL, amount BIGINT NOT NULL, balance_after BIGINT NOT NULL)`,
	} {
		if _, err := dbh.ExecContext(ctx, q); err != nil {
			return 0, err
		}
	}
	// The house's two balances are split into 16 rows chosen by player, as
	// the ledger splits system accounts.
	for i := range clients + 32 {
		if _, err := dbh.ExecContext(ctx, `INSERT INTO bench_raw_balances (id, balance) VALUES ($1, $2)`, i, int64(1)<<40); err != nil {
			return 0, err
		}
	}
	var next atomic.Int64
	one := func(player int64) error {
		return dbh.Tx(ctx, func(ctx context.Context) error {
			q := dbh.Q(ctx)
			id := next.Add(1)
			if _, err := q.ExecContext(ctx, `INSERT INTO bench_raw_rounds (id, player, stake, win) VALUES ($1, $2, 100, 50)`, id, player); err != nil {
				return err
			}
			for _, leg := range []struct{ account, amount int64 }{{player, -50}, {int64(clients) + player%16, 49},
				{int64(clients+16) + player%16, 1}} {
				var after int64
				if err := q.QueryRowContext(ctx, `UPDATE bench_raw_balances SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0
					RETURNING balance`, leg.account, leg.amount).Scan(&after); err != nil {
					return err
				}
				if _, err := q.ExecContext(ctx, `INSERT INTO bench_raw_postings (round_id, account, amount, balance_after) VALUES ($1, $2, $3, $4)`,
					id, leg.account, leg.amount, after); err != nil {
					return err
				}
			}
			return nil
		})
	}
	var count atomic.Int64
	var failure atomic.Value
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for time.Now().Before(stop) {
				if err := one(int64(c)); err != nil {
					failure.CompareAndSwap(nil, err)
					return
				}
				count.Add(1)
			}
		})
	}
	wg.Wait()
	if err, _ := failure.Load().(error); err != nil {
		return 0, fmt.Errorf("raw: %w", err)
	}
	return float64(count.Load()) / d.Seconds(), nil
}

func pct(lat []time.Duration, q float64) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	return lat[int(q*float64(len(lat)-1))].Round(10 * time.Microsecond)
}
