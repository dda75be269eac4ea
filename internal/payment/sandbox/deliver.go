package sandbox

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"gamehall/internal/db"
)

// Delivery: a callback is a row of pay_sandbox_callbacks holding its exact
// body. DeliverDue claims the due rows (moving next_at one lease ahead, so
// another node or a crash mid-send cannot lose or double them for long),
// POSTs each to Options.Deliver, signed afresh, and records the answer:
// HTTP 200 is done, anything else is tried again after a backoff that
// doubles from RetryBase up to RetryMax, MaxAttempts times in all.
const (
	RetryBase   = 2 * time.Second
	RetryMax    = 5 * time.Minute
	MaxAttempts = 25 // about 1.6 hours of trying

	batchSize    = 32
	claimLease   = time.Minute
	sendTimeout  = 10 * time.Second
	pollInterval = time.Second
)

// Callback states.
const (
	queued  = "queued"
	done    = "done"
	dropped = "dropped" // the DropCallbacks fault: never sent
	failed  = "failed"  // out of attempts
)

// Backoff is the wait after a callback's attempt-th failed attempt.
func Backoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	d := RetryBase
	for i := 1; i < attempt && d < RetryMax; i++ {
		d *= 2
	}
	return min(d, RetryMax)
}

// enqueue queues the callbacks of rows, which just changed state, in the
// caller's transaction; the faults on now decide how (dropped, twice,
// later). Run is woken once the transaction commits.
func (g *Gateway) enqueue(ctx context.Context, rows []orderRow, now time.Time) error {
	if len(rows) == 0 {
		return nil
	}
	f := g.Faults()
	status, copies := queued, 1
	if f.DropCallbacks {
		status = dropped
	}
	if f.DuplicateCallbacks {
		copies = 2
	}
	next := now.Add(time.Duration(f.DelayCallbacksMS) * time.Millisecond).UnixMicro()
	for _, r := range rows {
		body, err := encodeNotice(r.notice(now))
		if err != nil {
			return fmt.Errorf("encode callback: %w", err)
		}
		for range copies {
			if _, err := g.db.Q(ctx).ExecContext(ctx, `INSERT INTO pay_sandbox_callbacks (order_id, body, status, next_at, created_at)
				VALUES ($1, $2, $3, $4, $5)`, r.ID, string(body), status, next, now.UnixMicro()); err != nil {
				return fmt.Errorf("queue callback: %w", db.MapError(err))
			}
		}
	}
	g.db.AfterCommit(ctx, g.poke)
	return nil
}

// DeliverDue does what is due now: completes the payouts whose delay has
// passed, then sends every callback whose time has come (newest first under
// the OutOfOrder fault). It answers how many sends it attempted. Run calls
// it in a loop; tests call it to step.
func (g *Gateway) DeliverDue(ctx context.Context) (int, error) {
	if due, err := g.hasDuePayouts(ctx, g.now()); err != nil {
		return 0, err
	} else if due {
		if _, err := g.completePayouts(ctx); err != nil {
			return 0, err
		}
	}
	total := 0
	for {
		n, err := g.deliverBatch(ctx)
		total += n
		if err != nil || n < batchSize {
			return total, err
		}
	}
}

type claimed struct {
	ID       int64
	Body     string
	Attempts int
}

func (g *Gateway) deliverBatch(ctx context.Context) (int, error) {
	if g.opt.Deliver == nil {
		return 0, errors.New("sandbox: no Deliver handler configured")
	}
	now := g.now().UnixMicro()
	var due int
	if err := g.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM pay_sandbox_callbacks
		WHERE status = 'queued' AND next_at <= $1 LIMIT 1) due`, now).Scan(&due); err != nil {
		return 0, fmt.Errorf("due callbacks: %w", db.MapError(err))
	}
	if due == 0 {
		return 0, nil
	}
	// The outer conditions are evaluated again on a row another node just
	// claimed (PostgreSQL re-checks them), so each claim is one node's.
	rows, err := db.Query(ctx, g.db.Q(ctx), `UPDATE pay_sandbox_callbacks SET next_at = $1, attempts = attempts + 1
		WHERE status = 'queued' AND next_at <= $2 AND id IN (
			SELECT id FROM pay_sandbox_callbacks WHERE status = 'queued' AND next_at <= $2 ORDER BY next_at, id LIMIT $3)
		RETURNING id, body, attempts`, func(rs *sql.Rows, c *claimed) error {
		return rs.Scan(&c.ID, &c.Body, &c.Attempts)
	}, now+claimLease.Microseconds(), now, batchSize)
	if err != nil {
		return 0, fmt.Errorf("claim callbacks: %w", err)
	}
	slices.SortFunc(rows, func(a, b claimed) int { return cmp.Compare(a.ID, b.ID) })
	if g.Faults().OutOfOrder {
		slices.Reverse(rows)
	}
	// An attempt made is recorded even when ctx ends meanwhile, so a
	// shutdown does not turn a delivered callback into a repeated one.
	rec := context.WithoutCancel(ctx)
	for _, c := range rows {
		if ctx.Err() != nil { // the rest wait out their lease
			break
		}
		code := g.send(ctx, []byte(c.Body))
		if err := g.record(rec, c, code); err != nil {
			return len(rows), err
		}
	}
	return len(rows), nil
}

// record stores one attempt's outcome.
func (g *Gateway) record(ctx context.Context, c claimed, code int) error {
	now := g.now()
	var err error
	switch {
	case code == http.StatusOK:
		_, err = g.db.Q(ctx).ExecContext(ctx, `UPDATE pay_sandbox_callbacks SET status = 'done', last_code = $1,
			delivered_at = $2 WHERE id = $3`, code, now.UnixMicro(), c.ID)
	case c.Attempts >= MaxAttempts:
		g.log.Warn("sandbox: callback given up", "callback", c.ID, "attempts", c.Attempts, "code", code)
		_, err = g.db.Q(ctx).ExecContext(ctx, `UPDATE pay_sandbox_callbacks SET status = 'failed', last_code = $1
			WHERE id = $2`, code, c.ID)
	default:
		g.log.Info("sandbox: callback refused, will retry", "callback", c.ID, "attempt", c.Attempts, "code", code)
		_, err = g.db.Q(ctx).ExecContext(ctx, `UPDATE pay_sandbox_callbacks SET next_at = $1, last_code = $2
			WHERE id = $3`, now.Add(Backoff(c.Attempts)).UnixMicro(), code, c.ID)
	}
	if err != nil {
		return fmt.Errorf("record callback attempt: %w", db.MapError(err))
	}
	return nil
}

// send POSTs body to the Deliver handler as a real request built from the
// exact bytes, signed now, and answers the status (0 when the handler
// panicked).
func (g *Gateway) send(ctx context.Context, body []byte) (code int) {
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	ts := strconv.FormatInt(g.now().Unix(), 10)
	key, err := g.secret(ctx)
	if err != nil {
		g.log.Warn("sandbox: callback key", "err", err)
		return 0
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.callbackURL(), bytes.NewReader(body))
	if err != nil {
		return 0
	}
	req.RequestURI = CallbackPath
	req.RemoteAddr = "127.0.0.1:0"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "gamehall-sandbox/1")
	req.Header.Set(HeaderTimestamp, ts)
	req.Header.Set(HeaderSignature, sign(key, ts, body))
	w := &recorder{header: http.Header{}}
	defer func() {
		if p := recover(); p != nil {
			g.log.Error("sandbox: callback handler panicked", "panic", fmt.Sprint(p))
			code = 0
		}
	}()
	g.opt.Deliver.ServeHTTP(w, req)
	if w.code == 0 {
		return http.StatusOK // nothing written: net/http answers 200
	}
	return w.code
}

func (g *Gateway) callbackURL() string {
	if u, err := url.Parse(g.opt.BaseURL); err == nil && u.Host != "" {
		return u.Scheme + "://" + u.Host + CallbackPath
	}
	return "http://localhost" + CallbackPath
}

// recorder is the ResponseWriter of an in-process delivery: it keeps the
// status and throws the body away.
type recorder struct {
	header http.Header
	code   int
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return len(b), nil
}

// Run completes payouts and delivers callbacks until ctx ends: at once when
// this node queued something, and every second for retries, delays and
// other nodes' work. Every node may run it; claims keep them apart.
func (g *Gateway) Run(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-g.wake:
		}
		if _, err := g.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			g.log.Warn("sandbox: delivery", "err", err)
		}
		t.Reset(pollInterval)
	}
}
