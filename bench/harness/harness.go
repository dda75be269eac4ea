// Package harness is what the benchmarks that drive the built binary
// share: a fresh database with members who hold live sessions, the server
// started on it, JSON calls and the server's memory.
package harness

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/member"
	"gamehall/internal/secret"
	"gamehall/internal/seed"
)

// Store is where a benchmark's server keeps its data: a SQLite file under
// DataDir, or PostgreSQL at DatabaseURL.
type Store struct {
	DataDir     string
	DatabaseURL string
}

// Args are the binary's flags that name the store.
func (s Store) Args() []string {
	if s.DatabaseURL != "" {
		return []string{"--database-url", s.DatabaseURL}
	}
	return []string{"--data-dir", s.DataDir}
}

// Open opens the store's database (migrated by the binary's seed).
func (s Store) Open(ctx context.Context) (*db.DB, error) {
	return db.Open(ctx, s.DatabaseURL, s.DataDir)
}

// PostgresSchema makes a fresh schema on dsn for one run and answers the
// store in it and its removal.
func PostgresSchema(dsn string) (Store, func(), error) {
	ctx := context.Background()
	admin, err := db.OpenPostgres(ctx, dsn)
	if err != nil {
		return Store{}, nil, err
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	schema := "bench_" + hex.EncodeToString(b[:])
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		return Store{}, nil, err
	}
	u, err := url.Parse(dsn)
	if err != nil {
		admin.Close()
		return Store{}, nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return Store{DatabaseURL: u.String()}, func() {
		_, _ = admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`)
		admin.Close()
	}, nil
}

// Session is a bench member with a live session token.
type Session struct {
	ID      int64
	Account string
	Token   string
}

// SeedMembers seeds the demo site into the store and adds n members of
// currency USD, each with a live session, all with password (one hash for
// all: hashing n passwords would time the bench, not the server).
func SeedMembers(bin string, st Store, n int, password string) ([]Session, error) {
	cmd := exec.Command(bin, append([]string{"seed", "--log-level", "error"}, st.Args()...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("seed: %w: %s", err, out)
	}
	ctx := context.Background()
	d, err := st.Open(ctx)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	store := member.NewStore(d)
	hash := secret.HashPassword(password, secret.OWASP)
	now := time.Now().UTC()
	out := make([]Session, 0, n)
	err = d.Tx(ctx, func(ctx context.Context) error {
		for i := range n {
			acct := fmt.Sprintf("bench%05d", i)
			id, err := store.Insert(ctx, member.Member{SiteID: seed.DemoSiteID, Account: acct, PasswordHash: hash,
				WithdrawPasswordHash: hash, Currency: "USD", Email: acct + "@bench.example", RecommendCode: fmt.Sprintf("BN%05d", i),
				MemberType: 1, CreatedAt: now.UnixMicro()})
			if err != nil {
				return err
			}
			tok := secret.NewToken()
			if _, err := store.InsertSession(ctx, id, secret.HashToken(tok), "bench", "127.0.0.1", now.UnixMicro()); err != nil {
				return err
			}
			out = append(out, Session{ID: id, Account: acct, Token: tok})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("add members: %w", err)
	}
	return out, nil
}

// Server is the binary serving on a free loopback port.
type Server struct {
	Base, Addr string
	cmd        *exec.Cmd
	exited     chan error // Wait's answer, once the process ended
}

// Stop kills the server (SIGKILL) and waits for it to end.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	err := <-s.exited
	s.exited <- err
}

// RSS is the server's resident memory in MiB.
func (s *Server) RSS() float64 { return RSSMiB(s.cmd.Process.Pid) }

// CPU is the processor time the server has used so far, user and system
// (0 when unknown).
func (s *Server) CPU() time.Duration { return CPUTime(s.cmd.Process.Pid) }

// CPUTime is a process's processor time so far, user and system, from
// /proc (0 when unknown).
func CPUTime(pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name may hold spaces: the fields that follow start
	// after its closing parenthesis; utime and stime are the 12th and 13th.
	i := strings.LastIndexByte(string(raw), ')')
	f := strings.Fields(string(raw[i+1:]))
	if len(f) < 13 {
		return 0
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	const ticks = 100 // USER_HZ, 100 on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}

// Start runs `bin serve --dev` on st with extra flags; loopback is a
// trusted proxy so each call can come from its own X-Forwarded-For address
// (limits are per address, as they are for real visitors).
func Start(bin string, st Store, extra ...string) (*Server, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	args := append([]string{"serve", "--dev", "--addr", addr, "--log-level", "error", "--trusted-proxies", "127.0.0.1/32"},
		st.Args()...)
	cmd := exec.Command(bin, append(args, extra...)...)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	s := &Server{Base: "http://" + addr, Addr: addr, cmd: cmd, exited: exited}
	// A -race build starting on a loaded machine can take a while; a
	// server that exits says why.
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		select {
		case err := <-exited:
			exited <- err
			return nil, fmt.Errorf("server exited before it was ready (%v): %s", err, stderr.String())
		default:
		}
		if res, err := http.Get(s.Base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("server not ready after 90 s: %s", stderr.String())
		}
	}
}

// lockedBuffer collects a child's stderr (written by exec's copying
// goroutine) for the error that reports why it stopped.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() > 64<<10 {
		return len(p), nil
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Post sends body as JSON from address ip (and with a member token when
// token is not empty) and decodes a success's data into into; it answers
// the envelope's code.
func Post(client *http.Client, url, ip, token string, body any, into any) (int, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
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

// IP is the n-th address of a private range: one visitor per call.
func IP(n int64) string { return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255) }

// FreePort is a loopback port nobody listens on.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// RSSMiB is a process's resident memory in MiB (0 when unknown).
func RSSMiB(pid int) float64 {
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

// DemoSQLite is a fresh SQLite database in a temporary directory, migrated
// and seeded with the demo site; stop closes and removes it.
func DemoSQLite(ctx context.Context) (*db.DB, func(), error) {
	dir, err := os.MkdirTemp("", "gamehall-bench-")
	if err != nil {
		return nil, nil, err
	}
	d, err := db.OpenSQLite(ctx, dir+"/bench.db")
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	stop := func() {
		d.Close()
		os.RemoveAll(dir)
	}
	if err := d.Migrate(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		stop()
		return nil, nil, err
	}
	return d, stop, nil
}
