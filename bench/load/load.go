// Package load drives an HTTP endpoint with N keep-alive connections for a
// fixed time and reports requests per second and latency percentiles.
package load

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Result is one measured run.
type Result struct {
	Name     string
	Requests int
	Errors   int
	Elapsed  time.Duration
	P50, P99 time.Duration
	// lat holds every latency, sorted, so runs can be merged.
	lat []time.Duration
}

// RPS is completed requests per second.
func (r Result) RPS() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

func (r Result) String() string {
	return fmt.Sprintf("%-44s %9.0f req/s  p50 %7s  p99 %7s  errors %d", r.Name, r.RPS(),
		r.P50.Round(time.Microsecond), r.P99.Round(time.Microsecond), r.Errors)
}

// Option changes how Run sends its requests.
type Option func(*options)

type options struct{ tokens []string }

// AsMembers sends worker i's requests with tokens[i % len(tokens)] as its
// bearer token, as that many logged-in members would.
func AsMembers(tokens []string) Option { return func(o *options) { o.tokens = tokens } }

// Run posts body to url from conns workers, each on its own connection,
// for d (after a short warm-up), accepting gzip as browsers do, and counts
// as errors answers that are not HTTP 200 with a success envelope.
func Run(name, url, body string, conns int, d time.Duration, opts ...Option) Result {
	var o options
	for _, f := range opts {
		f(&o)
	}
	tr := &http.Transport{
		MaxIdleConns: conns, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns,
		DialContext: (&net.Dialer{}).DialContext, DisableCompression: true,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	do := func(worker int) (time.Duration, bool) {
		start := time.Now()
		req, _ := http.NewRequest("POST", url, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		if len(o.tokens) > 0 {
			req.Header.Set("Authorization", "Bearer "+o.tokens[worker%len(o.tokens)])
		}
		// As a browser asks. gamehall compresses only shared success
		// envelopes (never an error), so a gzipped answer is a success and
		// is not unpacked here: the load generator shares the server's CPUs.
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := client.Do(req)
		if err != nil {
			return 0, false
		}
		head, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK && res.Header.Get("Content-Encoding") == "gzip" {
			return time.Since(start), true
		}
		// A business failure is HTTP 200 too: only a success envelope counts.
		ok := res.StatusCode == http.StatusOK && (bytes.HasPrefix(head, []byte(`{"code":100,`)) || !bytes.HasPrefix(head, []byte(`{"code":`)))
		return time.Since(start), ok
	}
	// Warm-up opens the connections and fills caches.
	warm, cancelWarm := context.WithTimeout(context.Background(), d/5)
	defer cancelWarm()
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for warm.Err() == nil {
				do(i)
			}
		}()
	}
	wg.Wait()

	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	lat := make([][]time.Duration, conns)
	errs := make([]int, conns)
	start := time.Now()
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := make([]time.Duration, 0, 1<<16)
			for ctx.Err() == nil {
				l, ok := do(i)
				if !ok {
					errs[i]++
					continue
				}
				own = append(own, l)
			}
			lat[i] = own
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	res := Result{Name: name, Elapsed: elapsed}
	for i := range conns {
		all = append(all, lat[i]...)
		res.Errors += errs[i]
	}
	slices.Sort(all)
	res.setLatencies(all)
	return res
}

func (r *Result) setLatencies(sorted []time.Duration) {
	r.lat, r.Requests = sorted, len(sorted)
	if len(sorted) > 0 {
		r.P50 = sorted[len(sorted)/2]
		r.P99 = sorted[len(sorted)*99/100]
	}
}

// Merge adds up runs of one endpoint: requests, errors and time add, and
// the percentiles come from every latency of every run.
func Merge(name string, runs ...Result) Result {
	out := Result{Name: name}
	var all []time.Duration
	for _, r := range runs {
		out.Errors += r.Errors
		out.Elapsed += r.Elapsed
		all = append(all, r.lat...)
	}
	slices.Sort(all)
	out.setLatencies(all)
	return out
}

// Paired measures url against a baseline in alternating slices (baseline,
// url, baseline, url, ...), slices times each for d/slices, and returns
// both merged. Load from other processes that comes and goes then falls on
// both alike, so their ratio is steadier than that of two runs made one
// after the other.
// opts apply to url's requests only.
func Paired(name, url, body, baseName, baseURL, baseBody string, conns int, d time.Duration, slices int, opts ...Option) (res, base Result) {
	var rs, bs []Result
	for range slices {
		bs = append(bs, Run(baseName, baseURL, baseBody, conns, d/time.Duration(slices)))
		rs = append(rs, Run(name, url, body, conns, d/time.Duration(slices), opts...))
	}
	return Merge(name, rs...), Merge(baseName, bs...)
}
