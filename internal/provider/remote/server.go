// Package remote is a sandbox game provider reached across a real network
// boundary, the way an aggregator is: its own HTTP service on its own
// listener, its own wallet tables (remote_*), its own HMAC-signed API per
// provider code, and a game page that plays several third-party providers'
// games (Catalog) on the in-house engines, settling rounds on its own
// wallets. Client is the platform's
// side: a provider.Wallet over that API. Faults (slow answers, errors,
// lost replies, maintenance) are switched at run time, so the platform's
// exactly-once transfer path is exercised against real failures.
package remote

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/engine/rng"
	"gamehall/internal/provider/house"
)

// Codes of the remote API's envelope {code, message, data}.
const (
	codeOK          = 0
	codeBadRequest  = 400
	codeSignature   = 401
	codeNotFound    = 404
	codeShort       = 402 // a stake above the balance
	codeMaintenance = 203
	codeReality     = 460 // a round waits for the reality check's acknowledgement
	codeError       = 500
)

// SessionTTL bounds a game session.
const SessionTTL = 12 * time.Hour

// DefaultSlowDelay is how late a slow answer comes (beyond the client's
// default time-out).
const DefaultSlowDelay = 6 * time.Second

// Options configure the server.
type Options struct {
	Providers []ProviderGames // the provider codes it serves (nil: Catalog)
	// Key is the master key; each provider code's API is signed with its
	// own key derived from it (ProviderKey).
	Key       []byte
	SlowDelay time.Duration    // 0: DefaultSlowDelay
	Now       func() time.Time // nil: time.Now
	Log       *slog.Logger
	// RealityAcked tells the platform that a member acknowledged a reality
	// check on a game page (an operator callback); nil: nobody is told.
	RealityAcked func(ctx context.Context, memberID int64) error
}

// Server is the sandbox provider's HTTP service.
type Server struct {
	opts      Options
	store     *store
	providers map[string]ProviderGames
	pool      *rng.Pool
}

// NewServer returns the provider over d (its remote_* tables).
func NewServer(d *db.DB, o Options) *Server {
	if o.SlowDelay == 0 {
		o.SlowDelay = DefaultSlowDelay
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Providers == nil {
		o.Providers = Catalog()
	}
	s := &Server{opts: o, store: &store{db: d}, providers: map[string]ProviderGames{}, pool: rng.NewPool()}
	for _, p := range o.Providers {
		s.providers[p.Code] = p
	}
	return s
}

// Serves reports whether the server serves the provider code.
func (s *Server) Serves(code string) bool {
	_, ok := s.providers[code]
	return ok
}

// Faults answers the faults switched on for a provider code.
func (s *Server) Faults(ctx context.Context, code string) (Faults, error) {
	return s.store.faults(ctx, code)
}

// SetFaults switches a provider code's faults (inside the caller's
// transaction when ctx carries one, so an audited operator write commits
// with it).
func (s *Server) SetFaults(ctx context.Context, code string, f Faults) error {
	return s.store.setFaults(ctx, code, f, s.opts.Now().UTC().UnixMicro())
}

// game finds a game of any provider code served.
func (s *Server) game(code string) (ProviderGames, Game, bool) {
	for _, p := range s.providers {
		if g, ok := p.Games[code]; ok {
			return p, g, true
		}
	}
	return ProviderGames{}, Game{}, false
}

// apiFunc is one call of the signed API for the provider code p.
type apiFunc func(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error)

// Handler is the whole service: the signed API of each provider code under
// /api/v1/{code}/ and the game page with its play API under /rgs/.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	api := func(path string, fn apiFunc) {
		mux.HandleFunc("POST /api/v1/{code}/"+path, s.signed(fn, false))
	}
	// Slow answers, errors and lost replies hit the transfers: the calls
	// whose outcome the platform must settle exactly once.
	mux.HandleFunc("POST /api/v1/{code}/transfers", s.signed(s.transfer, true))
	api("players", s.createPlayer)
	api("transfers/query", s.queryTransfer)
	api("balance", s.balance)
	api("launch", s.launch)
	api("leave", s.leave)
	api("rounds", s.rounds)
	api("records", s.records)
	s.pageRoutes(mux)
	return mux
}

// apiError is an answer other than success.
type apiError struct {
	code int
	msg  string
	data any
}

func (e *apiError) Error() string { return fmt.Sprintf("remote %d: %s", e.code, e.msg) }

func fail(code int, msg string) error { return &apiError{code: code, msg: msg} }

var errMaintenance = &apiError{code: codeMaintenance, msg: "maintenance"}

// signed checks the signature and the replay window, plays the faults
// (slow, error and lost reply only when faulty), and writes the envelope.
// Each provider code has its own key, so a request signed for one code is
// refused by every other.
func (s *Server) signed(fn apiFunc, faulty bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := s.providers[r.PathValue("code")]
		if !ok {
			writeJSON(w, http.StatusNotFound, envelope{Code: codeNotFound, Message: "unknown provider"})
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
		if err != nil {
			writeJSON(w, http.StatusBadRequest, envelope{Code: codeBadRequest, Message: "unreadable body"})
			return
		}
		key := ProviderKey(s.opts.Key, p.Code)
		if err := verify(key, r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), body, s.opts.Now()); err != nil {
			msg := "bad signature"
			if errors.Is(err, errStale) {
				msg = "stale timestamp"
			}
			writeJSON(w, http.StatusUnauthorized, envelope{Code: codeSignature, Message: msg})
			return
		}
		// The call runs to its end even when the caller gave up waiting:
		// that is the unknown outcome the platform settles by querying.
		ctx := context.WithoutCancel(r.Context())
		f, err := s.store.faults(ctx, p.Code)
		if err != nil {
			writeJSON(w, http.StatusInternalServerError, envelope{Code: codeError, Message: "internal error"})
			return
		}
		if !faulty {
			f = Faults{Maintenance: f.Maintenance}
		}
		if f.Error {
			writeJSON(w, http.StatusInternalServerError, envelope{Code: codeError, Message: "internal error"})
			return
		}
		out, err := fn(ctx, p, body, f)
		if f.LostReply {
			// Applied; the answer never reaches the caller.
			panic(http.ErrAbortHandler)
		}
		if f.Slow {
			t := time.NewTimer(s.opts.SlowDelay)
			select {
			case <-t.C:
			case <-r.Context().Done():
			}
			t.Stop()
		}
		var ae *apiError
		switch {
		case errors.As(err, &ae):
			writeJSON(w, http.StatusOK, envelope{Code: ae.code, Message: ae.msg, Data: ae.data})
		case err != nil:
			s.opts.Log.WarnContext(ctx, "remote provider", "path", r.URL.Path, "err", err)
			writeJSON(w, http.StatusInternalServerError, envelope{Code: codeError, Message: "internal error"})
		default:
			writeJSON(w, http.StatusOK, envelope{Code: codeOK, Message: "ok", Data: out})
		}
	}
}

type envelope struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func decode(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return fail(codeBadRequest, "bad body")
	}
	return nil
}

func (s *Server) now() int64 { return s.opts.Now().UTC().UnixMicro() }

// --- the signed API ---

type playerReq struct {
	Username string `json:"username"`
	MemberID int64  `json:"member_id"`
	Currency string `json:"currency"`
}

func validUsername(u string) bool { return u != "" && len(u) <= 64 }

func (s *Server) createPlayer(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in playerReq
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if !validUsername(in.Username) || in.MemberID <= 0 || in.Currency == "" || len(in.Currency) > 8 {
		return nil, fail(codeBadRequest, "username, member_id and currency are required")
	}
	if f.Maintenance {
		return nil, errMaintenance
	}
	return map[string]string{"username": in.Username}, s.store.ensurePlayer(ctx, p.Code, in.Username, in.MemberID, in.Currency, s.now())
}

type transferReq struct {
	OrderNo   string `json:"order_no"`
	Username  string `json:"username"`
	Direction string `json:"direction"`
	Amount    int64  `json:"amount"`
}

// transferAnswer is a transfer's outcome: done, failed, or unknown (never
// seen before the query that asked).
type transferAnswer struct {
	OrderNo string `json:"order_no"`
	Status  string `json:"status"`
	Balance int64  `json:"balance"`
}

func answerOf(t transferRow) transferAnswer {
	st := t.Status
	if st == "void" {
		st = "unknown"
	}
	return transferAnswer{OrderNo: t.OrderNo, Status: st, Balance: t.BalanceAfter}
}

func (s *Server) transfer(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in transferReq
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if in.OrderNo == "" || len(in.OrderNo) > 64 || !validUsername(in.Username) || in.Amount <= 0 ||
		(in.Direction != "in" && in.Direction != "out") {
		return nil, fail(codeBadRequest, "order_no, username, direction (in or out) and a positive amount are required")
	}
	t, err := s.store.transfer(ctx, transferRow{Provider: p.Code, OrderNo: in.OrderNo, Username: in.Username, Direction: in.Direction,
		Amount: in.Amount}, f.Maintenance, s.now())
	if errors.Is(err, errUnknownPlayer) {
		return nil, fail(codeNotFound, "unknown player")
	}
	if err != nil {
		return nil, err
	}
	if t.Status == "void" {
		// Asked about before it arrived: it can no longer be applied.
		t.Status = "failed"
	}
	if f.Maintenance && t.Status == "failed" {
		return nil, &apiError{code: codeMaintenance, msg: "maintenance", data: answerOf(t)}
	}
	return answerOf(t), nil
}

func (s *Server) queryTransfer(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in struct {
		OrderNo string `json:"order_no"`
	}
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if in.OrderNo == "" || len(in.OrderNo) > 64 {
		return nil, fail(codeBadRequest, "order_no is required")
	}
	t, err := s.store.queryTransfer(ctx, p.Code, in.OrderNo, s.now())
	if err != nil {
		return nil, err
	}
	return answerOf(t), nil
}

func (s *Server) balance(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in playerReq
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if f.Maintenance {
		return nil, errMaintenance
	}
	b, err := s.store.balance(ctx, p.Code, in.Username)
	if errors.Is(err, errUnknownPlayer) {
		return map[string]int64{"balance": 0}, nil
	}
	return map[string]int64{"balance": b}, err
}

type launchReq struct {
	Username string `json:"username"` // empty for demo play
	GameCode string `json:"game_code"`
	Currency string `json:"currency"`
	Exponent int    `json:"exponent"`
	Lang     string `json:"lang"`
	LobbyURL string `json:"lobby_url"`
	Demo     bool   `json:"demo"`
	// The member's reality check, kept by the game page on real-money
	// rounds: the interval in minutes (0: none) and the pages it links to.
	RealityMinutes int    `json:"reality_minutes"`
	HistoryURL     string `json:"history_url"`
	LimitsURL      string `json:"limits_url"`
}

// maxRealityMinutes bounds a reality-check interval (a day, as the
// platform's site setting).
const maxRealityMinutes = 24 * 60

// sitePath reports whether u is empty or a path of the platform's site
// (never another origin).
func sitePath(u string) bool {
	return u == "" || (len(u) <= 300 && u[0] == '/' && (len(u) == 1 || (u[1] != '/' && u[1] != '\\')))
}

func (s *Server) launch(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in launchReq
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if !p.Has(in.GameCode) {
		return nil, fail(codeNotFound, "unknown game")
	}
	if in.Currency == "" || len(in.Currency) > 8 || in.Exponent < 0 || in.Exponent > 4 || (!in.Demo && !validUsername(in.Username)) {
		return nil, fail(codeBadRequest, "currency, exponent and (for real money) username are required")
	}
	if in.RealityMinutes < 0 || in.RealityMinutes > maxRealityMinutes || !sitePath(in.HistoryURL) || !sitePath(in.LimitsURL) ||
		!sitePath(in.LobbyURL) {
		return nil, fail(codeBadRequest, "reality_minutes (0 to 1440) and site paths for lobby_url, history_url and limits_url")
	}
	if f.Maintenance {
		return nil, errMaintenance
	}
	se := session{Provider: p.Code, GameCode: in.GameCode, Currency: in.Currency, Exponent: in.Exponent, Demo: in.Demo,
		HistoryURL: in.HistoryURL, LimitsURL: in.LimitsURL}
	if !in.Demo {
		// Play money has nothing to check.
		se.RealityMinutes = in.RealityMinutes
	}
	if in.Demo {
		se.Balance = house.DemoBalance(in.Currency, in.Exponent)
	} else {
		if _, err := s.store.balance(ctx, p.Code, in.Username); err != nil {
			if errors.Is(err, errUnknownPlayer) {
				return nil, fail(codeNotFound, "unknown player")
			}
			return nil, err
		}
		se.Username = in.Username
	}
	token, err := newToken()
	if err != nil {
		return nil, err
	}
	se.IDHash = hashToken(token)
	now := s.opts.Now().UTC()
	if err := s.store.createSession(ctx, se, now.UnixMicro(), now.Add(SessionTTL).UnixMicro()); err != nil {
		return nil, err
	}
	return map[string]string{"url": PagePath(token, in.LobbyURL, in.Lang)}, nil
}

func (s *Server) leave(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in playerReq
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if !validUsername(in.Username) {
		return nil, fail(codeBadRequest, "username is required")
	}
	return map[string]bool{"left": true}, s.store.closeSessions(ctx, p.Code, in.Username, s.now())
}

// roundAnswer is a settled real-money round as the platform books it.
type roundAnswer struct {
	Seq      int64  `json:"seq"`
	MemberID int64  `json:"member_id"`
	Currency string `json:"currency"`
	GameCode string `json:"game_code"`
	Stake    int64  `json:"stake"`
	Win      int64  `json:"win"`
	At       int64  `json:"at"`
}

func (s *Server) rounds(ctx context.Context, p ProviderGames, body []byte, f Faults) (any, error) {
	var in struct {
		After int64 `json:"after"`
		Limit int   `json:"limit"`
	}
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if in.Limit <= 0 || in.Limit > 1000 {
		in.Limit = 1000
	}
	rows, err := s.store.rounds(ctx, p.Code, in.After, in.Limit)
	if err != nil {
		return nil, err
	}
	out := make([]roundAnswer, len(rows))
	for i, r := range rows {
		out[i] = roundAnswer{Seq: r.Seq, MemberID: r.MemberID, Currency: r.Currency, GameCode: r.GameCode, Stake: r.Stake, Win: r.Win,
			At: r.CreatedAt}
	}
	return map[string]any{"rounds": out}, nil
}

func (s *Server) records(ctx context.Context, p ProviderGames, _ []byte, _ Faults) (any, error) {
	recs, err := s.store.records(ctx, p.Code)
	if err != nil {
		return nil, err
	}
	if recs == nil {
		recs = []playerRecord{}
	}
	return map[string]any{"wallets": recs}, nil
}

// newToken is 256 random bits, URL-safe.
func newToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}
