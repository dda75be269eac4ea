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
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/db"
	"gamehall/internal/member"
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
	sessions, err := seedMembers(bin, data, conns+loginAccounts)
	if err != nil {
		return err
	}
	// Each measurement on a fresh server, so one's memory does not show in
	// the other's; the logins use other members (a login replaces its
	// member's session).
	srv, err := start(bin, data)
	if err != nil {
		return err
	}
	err = idle(srv, sessions[:conns])
	srv.stop()
	if err != nil {
		return err
	}
	if srv, err = start(bin, data); err != nil {
		return err
	}
	defer srv.stop()
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

// session is a bench member with a live session token.
type session struct {
	id      int64
	account string
	token   string
}

// seedMembers seeds the demo site into data and adds n members, each with a
// live session.
func seedMembers(bin, data string, n int) ([]session, error) {
	cmd := exec.Command(bin, "seed", "--data-dir", data, "--log-level", "error")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("seed: %w: %s", err, out)
	}
	ctx := context.Background()
	d, err := db.Open(ctx, "", data)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	store := member.NewStore(d)
	hash := secret.HashPassword(password, secret.OWASP)
	now := time.Now().UTC()
	out := make([]session, 0, n)
	err = d.Tx(ctx, func(tx *sql.Tx) error {
		for i := range n {
			acct := fmt.Sprintf("bench%05d", i)
			id, err := store.Insert(ctx, tx, member.Member{SiteID: seed.DemoSiteID, Account: acct, PasswordHash: hash,
				WithdrawPasswordHash: hash, Currency: "USD", Email: acct + "@bench.example", RecommendCode: fmt.Sprintf("BN%05d", i),
				MemberType: 1, CreatedAt: now.UnixMicro()})
			if err != nil {
				return err
			}
			tok := secret.NewToken()
			if _, err := store.InsertSession(ctx, tx, id, secret.HashToken(tok), "bench", "127.0.0.1", now.UnixMicro()); err != nil {
				return err
			}
			out = append(out, session{id: id, account: acct, token: tok})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("add members: %w", err)
	}
	return out, nil
}

type server struct {
	base, addr string
	cmd        *exec.Cmd
}

func (s *server) stop() { _ = s.cmd.Process.Kill(); _ = s.cmd.Wait() }

func (s *server) rss() float64 { return rssMiB(s.cmd.Process.Pid) }

// start runs the server on data; loopback is a trusted proxy so each login
// can come from its own X-Forwarded-For address (the captcha and login
// limits are per address, as they are for real visitors).
func start(bin, data string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(bin, "serve", "--dev", "--data-dir", data, "--addr", addr, "--log-level", "error",
		"--trusted-proxies", "127.0.0.1/32")
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{base: "http://" + addr, addr: addr, cmd: cmd}
	for i := 0; ; i++ {
		if res, err := http.Get(s.base + "/readyz"); err == nil && res.StatusCode == 200 {
			res.Body.Close()
			return s, nil
		}
		if i > 300 {
			s.stop()
			return nil, fmt.Errorf("server not ready")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func post(client *http.Client, url, ip string, body any, into any) (int, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var env struct {
		Code int             `json:"code"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		return 0, fmt.Errorf("%s: HTTP %d: %w", url, res.StatusCode, err)
	}
	if into != nil && env.Code == 100 {
		if err := json.Unmarshal(env.Data, into); err != nil {
			return 0, err
		}
	}
	return env.Code, nil
}

// logins runs workers loops of captcha + login for d, each login a member of
// accounts from an address of its own, and samples the server's RSS.
func logins(s *server, accounts []session, workers int, d time.Duration) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	base := s.rss()
	var peak atomic.Int64
	sampling := make(chan struct{})
	go func() {
		for {
			select {
			case <-sampling:
				return
			case <-time.After(20 * time.Millisecond):
				if r := int64(s.rss() * 1024); r > peak.Load() {
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
				ip := fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
				t0 := time.Now()
				var cap struct {
					Token string `json:"token"`
				}
				code, err := post(client, s.base+"/api/captcha", ip, map[string]any{"type": 1, "site_id": seed.DemoSiteID}, &cap)
				if err == nil && code == 100 {
					code, err = post(client, s.base+"/api/login", ip, map[string]any{"account": a.account, "password": password,
						"site_id": seed.DemoSiteID, "answer": "1234", "captcha_token": cap.Token, "device": "bench", "browser": "bench"}, nil)
				}
				if err != nil || code != 100 {
					mu.Lock()
					if failure == nil {
						failure = fmt.Errorf("login %s: code %d: %v", a.account, code, err)
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
func idle(s *server, members []session) error {
	before := s.rss()
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
		c, _, err := websocket.Dial(ctx, "ws://"+s.addr+"/connection/websocket", nil)
		if err != nil {
			return fmt.Errorf("dial %d: %w", i, err)
		}
		c.SetReadLimit(1 << 20)
		msg := fmt.Sprintf(`{"id":1,"connect":{"token":%q}}`+"\n"+`{"id":2,"subscribe":{"channel":"member.%d"}}`+"\n"+
			`{"id":3,"subscribe":{"channel":"web_member"}}`, m.token, m.id)
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
	connected := s.rss()
	fmt.Printf("%d members connected with their tokens (member.{id} + web_member) in %s; server RSS %.1f MiB (%.1f MiB before, %.1f KiB per member)\n",
		len(members), opened.Round(time.Millisecond), connected, before, (connected-before)*1024/float64(len(members)))

	sent := time.Now()
	if code, err := post(http.DefaultClient, s.base+"/api/dev/broadcast", "127.0.0.1", map[string]any{}, nil); err != nil || code != 100 {
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

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func rssMiB(pid int) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
			return kb / 1024
		}
	}
	return 0
}
