// Command members measures what issue 4 asks for, against the built binary:
//
//   - logins per second through the real /captcha + /login path (argon2id at
//     the parameters in use, the captcha, the session row, the login event),
//     their latency, and the server's memory under that load; beside it the
//     bare argon2id check, which bounds it;
//   - idle real-time members on one node: every connection a member with a
//     live session token, subscribed to its private member.{id} channel and
//     the public web_member channel; the server's RSS, and the time one
//     message takes to reach all of them.
//
// The members are written into a seeded database before the server starts
// (one password hash shared by all: hashing 10,000 passwords would time the
// bench, not the server).
//
//	go run ./bench/members -bin bin/gamehall -conns 10000
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gamehall/bench/harness"
	"gamehall/internal/secret"
	"gamehall/internal/seed"
)

const password = "bench123"

func main() {
	bin := flag.String("bin", "bin/gamehall", "gamehall binary to start")
	conns := flag.Int("conns", 10000, "idle member connections")
	loginAccounts := flag.Int("login-accounts", 200, "members that log in during the login measurement")
	workers := flag.Int("workers", 4, "concurrent logins")
	dur := flag.Duration("d", 5*time.Second, "time for each login measurement")
	flag.Parse()
	if err := run(*bin, *conns, *loginAccounts, *workers, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(bin string, conns, loginAccounts, workers int, dur time.Duration) error {
	checks(dur)
	dir, err := os.MkdirTemp("", "gamehall-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	data := filepath.Join(dir, "data")
	st := harness.Store{DataDir: data}
	sessions, err := harness.SeedMembers(bin, st, conns+loginAccounts, password)
	if err != nil {
		return err
	}
	// Each measurement on a fresh server, so one's memory does not show in
	// the other's; the logins use other members (a login replaces its
	// member's session).
	srv, err := harness.Start(bin, st)
	if err != nil {
		return err
	}
	err = idle(srv, sessions[:conns])
	srv.Stop()
	if err != nil {
		return err
	}
	if srv, err = harness.Start(bin, st); err != nil {
		return err
	}
	defer srv.Stop()
	return logins(srv, sessions[conns:], workers, dur)
}

// checks is the bare argon2id check on every core: the ceiling of logins/s.
func checks(d time.Duration) {
	hash := secret.HashPassword(password, secret.OWASP)
	var n atomic.Int64
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for time.Now().Before(stop) {
				_ = secret.CheckPassword(hash, password)
				n.Add(1)
			}
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	count := n.Load()
	fmt.Printf("argon2id m=%d KiB t=%d p=%d alone: %.1f checks/s on %d cores; %.1f MiB allocated per check\n",
		secret.OWASP.Memory, secret.OWASP.Time, secret.OWASP.Threads, float64(count)/d.Seconds(), runtime.GOMAXPROCS(0),
		float64(after.TotalAlloc-before.TotalAlloc)/float64(count)/(1<<20))
}

// logins runs workers loops of captcha + login for d, each login a member of
// accounts from an address of its own, and samples the server's RSS.
func logins(s *harness.Server, accounts []harness.Session, workers int, d time.Duration) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	base := s.RSS()
	var peak atomic.Int64
	sampling := make(chan struct{})
	go func() {
		for {
			select {
			case <-sampling:
				return
			case <-time.After(20 * time.Millisecond):
				if r := int64(s.RSS() * 1024); r > peak.Load() {
					peak.Store(r)
				}
			}
		}
	}()
	var next atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var failure error
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for time.Now().Before(stop) {
				n := next.Add(1)
				a := accounts[int(n)%len(accounts)]
				ip := harness.IP(n)
				t0 := time.Now()
				var cap struct {
					Token string `json:"token"`
				}
				code, err := harness.Post(client, s.Base+"/api/captcha", ip, "", map[string]any{"type": 1, "site_id": seed.DemoSiteID}, &cap)
				if err == nil && code == 100 {
					code, err = harness.Post(client, s.Base+"/api/login", ip, "", map[string]any{"account": a.Account, "password": password,
						"site_id": seed.DemoSiteID, "answer": "1234", "captcha_token": cap.Token, "device": "bench", "browser": "bench"}, nil)
				}
				if err != nil || code != 100 {
					mu.Lock()
					if failure == nil {
						failure = fmt.Errorf("login %s: code %d: %v", a.Account, code, err)
					}
					mu.Unlock()
					return
				}
				mu.Lock()
				lat = append(lat, time.Since(t0))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	close(sampling)
	if failure != nil {
		return failure
	}
	slices.Sort(lat)
	p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))].Round(time.Millisecond) }
	peakMiB := float64(peak.Load()) / 1024
	fmt.Printf("logins through /captcha + /login, %d at a time: %.1f logins/s, p50 %s, p99 %s; server RSS %.1f MiB before, %.1f MiB peak (%.1f MiB per login in flight)\n",
		workers, float64(len(lat))/d.Seconds(), p(0.5), p(0.99), base, peakMiB, (peakMiB-base)/float64(workers))
	return nil
}

// idle connects every member with its token, subscribed to member.{id} and
// web_member, reports the server's RSS, then times one broadcast to all.
func idle(s *harness.Server, members []harness.Session) error {
	before := s.RSS()
	var received sync.WaitGroup
	var lastAt atomic.Int64
	var subscribed sync.WaitGroup
	clients := make([]*websocket.Conn, 0, len(members))
	defer func() {
		for _, c := range clients {
			c.CloseNow()
		}
	}()
	ctx := context.Background()
	startAt := time.Now()
	for i, m := range members {
		c, _, err := websocket.Dial(ctx, "ws://"+s.Addr+"/connection/websocket", nil)
		if err != nil {
			return fmt.Errorf("dial %d: %w", i, err)
		}
		c.SetReadLimit(1 << 20)
		msg := fmt.Sprintf(`{"id":1,"connect":{"token":%q}}`+"\n"+`{"id":2,"subscribe":{"channel":"member.%d"}}`+"\n"+
			`{"id":3,"subscribe":{"channel":"web_member"}}`, m.Token, m.ID)
		if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			return err
		}
		clients = append(clients, c)
		received.Add(1)
		subscribed.Add(1)
		go func() {
			got, subs := false, 0
			for {
				_, raw, err := c.Read(ctx)
				if err != nil {
					if subs < 2 {
						subscribed.Done()
					}
					if !got {
						received.Done()
					}
					return
				}
				for line := range strings.SplitSeq(string(raw), "\n") {
					if subs < 2 && (strings.HasPrefix(line, `{"id":2,"subscribe"`) || strings.HasPrefix(line, `{"id":3,"subscribe"`)) {
						if subs++; subs == 2 {
							subscribed.Done()
						}
					}
					if !got && strings.Contains(line, `"broadcast"`) {
						got = true
						lastAt.Store(time.Now().UnixNano())
						received.Done()
					}
				}
			}
		}()
	}
	subscribed.Wait()
	opened := time.Since(startAt)
	runtime.GC()
	time.Sleep(time.Second)
	connected := s.RSS()
	fmt.Printf("%d members connected with their tokens (member.{id} + web_member) in %s; server RSS %.1f MiB (%.1f MiB before, %.1f KiB per member)\n",
		len(members), opened.Round(time.Millisecond), connected, before, (connected-before)*1024/float64(len(members)))

	sent := time.Now()
	if code, err := harness.Post(http.DefaultClient, s.Base+"/api/dev/broadcast", "127.0.0.1", "", map[string]any{}, nil); err != nil || code != 100 {
		return fmt.Errorf("broadcast: code %d: %v", code, err)
	}
	done := make(chan struct{})
	go func() { received.Wait(); close(done) }()
	select {
	case <-done:
		fmt.Printf("one message delivered to all %d members in %s\n", len(members), time.Unix(0, lastAt.Load()).Sub(sent).Round(time.Millisecond))
	case <-time.After(30 * time.Second):
		return fmt.Errorf("broadcast not delivered to every member within 30 s")
	}
	return nil
}
