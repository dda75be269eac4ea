// Command members measures what issue 4 asks for: logins per second at the
// argon2id parameters in use and the memory one login costs; and idle
// real-time members on one node (RSS of the server process) with the time
// to deliver one message to all of them.
//
//	go run ./bench/members -bin bin/gamehall -conns 10000
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/secret"
)

func main() {
	bin := flag.String("bin", "bin/gamehall", "gamehall binary to start")
	conns := flag.Int("conns", 10000, "idle websocket connections")
	dur := flag.Duration("d", 3*time.Second, "time for the login measurement")
	flag.Parse()
	logins(*dur)
	if err := idle(*bin, *conns); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// logins checks a password against its argon2id hash on every core for d.
func logins(d time.Duration) {
	hash := secret.HashPassword("demo123", secret.OWASP)
	var n atomic.Int64
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				_ = secret.CheckPassword(hash, "demo123")
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	count := n.Load()
	fmt.Printf("argon2id m=%d KiB t=%d p=%d: %.1f password checks/s on %d cores; %.1f MiB allocated per check\n",
		secret.OWASP.Memory, secret.OWASP.Time, secret.OWASP.Threads, float64(count)/d.Seconds(), runtime.GOMAXPROCS(0),
		float64(after.TotalAlloc-before.TotalAlloc)/float64(count)/(1<<20))
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

// idle starts the server, opens conns visitor connections subscribed to
// web_member, reports the server's RSS, then times one broadcast to all.
func idle(bin string, conns int) error {
	dir, err := os.MkdirTemp("", "gamehall-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	port, err := freePort()
	if err != nil {
		return err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(bin, "serve", "--dev", "--data-dir", filepath.Join(dir, "data"), "--addr", addr, "--log-level", "error")
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", bin, err)
	}
	defer cmd.Process.Kill()
	base := "http://" + addr
	for i := 0; ; i++ {
		if res, err := http.Get(base + "/readyz"); err == nil && res.StatusCode == 200 {
			res.Body.Close()
			break
		}
		if i > 300 {
			return fmt.Errorf("server not ready")
		}
		time.Sleep(100 * time.Millisecond)
	}
	idleRSS := rssMiB(cmd.Process.Pid)

	var received sync.WaitGroup
	var lastAt atomic.Int64
	clients := make([]*websocket.Conn, 0, conns)
	ctx := context.Background()
	start := time.Now()
	for i := range conns {
		c, _, err := websocket.Dial(ctx, "ws://"+addr+"/connection/websocket", nil)
		if err != nil {
			return fmt.Errorf("dial %d: %w", i, err)
		}
		c.SetReadLimit(1 << 20)
		msg := `{"id":1,"connect":{}}` + "\n" + `{"id":2,"subscribe":{"channel":"web_member"}}`
		if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			return err
		}
		clients = append(clients, c)
		received.Add(1)
		go func() {
			got := false
			for {
				_, raw, err := c.Read(ctx)
				if err != nil {
					if !got {
						received.Done()
					}
					return
				}
				if !got && strings.Contains(string(raw), `"broadcast"`) {
					got = true
					lastAt.Store(time.Now().UnixNano())
					received.Done()
				}
			}
		}()
	}
	// Let every subscription settle.
	time.Sleep(2 * time.Second)
	connected := rssMiB(cmd.Process.Pid)
	fmt.Printf("%d idle connections opened in %s; server RSS %.1f MiB (%.1f MiB before, %.1f KiB per connection)\n",
		conns, time.Since(start).Round(time.Millisecond), connected, idleRSS, (connected-idleRSS)*1024/float64(conns))

	sent := time.Now()
	res, err := http.Post(base+"/api/dev/broadcast", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	var env struct {
		Code int `json:"code"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	res.Body.Close()
	done := make(chan struct{})
	go func() { received.Wait(); close(done) }()
	select {
	case <-done:
		fmt.Printf("one message delivered to all %d connections in %s\n", conns, time.Unix(0, lastAt.Load()).Sub(sent).Round(time.Millisecond))
	case <-time.After(30 * time.Second):
		return fmt.Errorf("broadcast not delivered to every connection within 30 s")
	}
	for _, c := range clients {
		c.CloseNow()
	}
	return nil
}
