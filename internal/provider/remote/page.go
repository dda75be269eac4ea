package remote

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/engine/baccarat"
	"gamehall/internal/engine/keno"
	"gamehall/internal/engine/rng"
)

// The game page the launch URLs open, and its play API. The player's
// browser reaches them through the platform's origin (the platform proxies
// /rgs/ to this service), so the page is same-origin with the lobby that
// frames it; the session token in the URL is the only credential.

//go:embed page
var pageFiles embed.FS

// Langs are the languages the page speaks (the platform's language codes).
var Langs = []string{"zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD"}

// PagePath is the game page of a session token; lobby is where its close
// button returns (a path of the platform), lang the page's language (one of
// Langs; otherwise the page follows the browser).
func PagePath(token, lobby, lang string) string {
	q := url.Values{"session": {token}}
	if lobby != "" {
		q.Set("lobby", lobby)
	}
	u := "/rgs/play/?" + q.Encode()
	if slices.Contains(Langs, lang) {
		// Last, so the URL starts as it did before pages had a language.
		u += "&lang=" + lang
	}
	return u
}

// historyLimit is how many rounds the page's history panel shows.
const historyLimit = 20

func (s *Server) pageRoutes(mux *http.ServeMux) {
	file := func(name, ctype string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b, err := pageFiles.ReadFile("page/" + name)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", ctype)
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(b)
		}
	}
	mux.HandleFunc("GET /rgs/play/{$}", file("index.html", "text/html; charset=utf-8"))
	mux.HandleFunc("GET /rgs/play/game.js", file("game.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /rgs/play/i18n.js", file("i18n.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("POST /rgs/api/session", s.playAPI(s.sessionInfo))
	// spin is the slot page's older name of play.
	mux.HandleFunc("POST /rgs/api/spin", s.playAPI(s.play))
	mux.HandleFunc("POST /rgs/api/play", s.playAPI(s.play))
	mux.HandleFunc("POST /rgs/api/history", s.playAPI(s.history))
	mux.HandleFunc("POST /rgs/api/reality/ack", s.playAPI(s.ackReality))
}

// playReq is a round's request: line_bet for a slot, picks and stake for
// keno, bets for baccarat.
type playReq struct {
	Session   string     `json:"session"`
	RequestID string     `json:"request_id"`
	LineBet   int64      `json:"line_bet"`
	Stake     int64      `json:"stake"`
	Picks     []int      `json:"picks"`
	Bets      []betInput `json:"bets"`
}

type betInput struct {
	Kind  string `json:"kind"`
	Stake int64  `json:"stake"`
}

func (s *Server) playAPI(fn func(ctx context.Context, in playReq) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in playReq
		body, err := io.ReadAll(io.LimitReader(r.Body, 16<<10))
		if err == nil {
			err = json.Unmarshal(body, &in)
		}
		if err != nil || in.Session == "" || len(in.Session) > 128 {
			writeJSON(w, http.StatusOK, envelope{Code: codeBadRequest, Message: "bad body"})
			return
		}
		out, err := fn(r.Context(), in)
		var ae *apiError
		switch {
		case errors.As(err, &ae):
			writeJSON(w, http.StatusOK, envelope{Code: ae.code, Message: ae.msg, Data: ae.data})
		case err != nil:
			s.opts.Log.WarnContext(r.Context(), "remote play", "err", err)
			writeJSON(w, http.StatusInternalServerError, envelope{Code: codeError, Message: "internal error"})
		default:
			writeJSON(w, http.StatusOK, envelope{Code: codeOK, Message: "ok", Data: out})
		}
	}
}

func (s *Server) liveSession(ctx context.Context, token string) (session, error) {
	se, err := s.store.liveSession(ctx, hashToken(token), s.now())
	if errors.Is(err, db.ErrNotFound) {
		return session{}, fail(codeNotFound, "session not found or closed")
	}
	return se, err
}

// lineBets is the page's bet ladder in minor units: from one hundredth of
// the currency's unit up.
func lineBets(exponent int) []int64 {
	base := int64(1)
	for range exponent {
		base *= 10
	}
	base = max(base/100, 1)
	out := []int64{}
	for _, m := range []int64{1, 2, 5, 10, 20, 50} {
		out = append(out, base*m)
	}
	return out
}

// liveGame loads a live session with the game it plays.
func (s *Server) liveGame(ctx context.Context, token string) (session, Game, error) {
	se, err := s.liveSession(ctx, token)
	if err != nil {
		return session{}, Game{}, err
	}
	g, ok := s.providers[se.Provider].Games[se.GameCode]
	if !ok {
		return session{}, Game{}, fail(codeNotFound, "game no longer served")
	}
	return se, g, nil
}

func (s *Server) sessionInfo(ctx context.Context, in playReq) (any, error) {
	se, g, err := s.liveGame(ctx, in.Session)
	if err != nil {
		return nil, err
	}
	out := map[string]any{"provider": se.Provider, "game_code": se.GameCode, "name": g.Name, "kind": g.Kind, "currency": se.Currency,
		"exponent": se.Exponent, "balance": se.Balance, "demo": se.Demo, "stakes": lineBets(se.Exponent),
		"reality_minutes": se.RealityMinutes}
	if se.realityDue(s.opts.Now()) {
		// A page opened (or reloaded) while the check waits shows it at once.
		v, err := s.realityView(ctx, se)
		if err != nil {
			return nil, err
		}
		out["reality"] = v
	}
	switch g.Kind {
	case KindSlot:
		pt := g.Slot.Paytable()
		out["lines"], out["line_bets"], out["rtp"], out["version"], out["paytable"] = g.Slot.Lines(), lineBets(se.Exponent),
			pt.RTP.RTP, pt.Version, pt
	case KindKeno:
		pt := g.Keno.Paytable()
		c := g.Keno.Config()
		out["min_picks"], out["max_picks"], out["rtp"], out["version"], out["paytable"] = c.MinPicks, c.MaxPicks, pt.BestRTP(),
			c.Version, pt
	case KindBaccarat:
		e, err := g.Baccarat.ExactEdges()
		if err != nil {
			return nil, err
		}
		out["rules"], out["edges"], out["rtp"], out["version"] = g.Baccarat, e, e.RTP, "1"
	}
	return out, nil
}

// maxBetStake bounds the stakes of one round (a baccarat round takes one bet
// per kind), far inside int64 when summed.
const maxBetStake = 1_000_000_000_000

var errBadPlay = fail(codeBadRequest, "bet out of range")

// draw plays one round of g: the stake it costs, what it pays back (the
// stake included when it returns), and the outcome the page shows.
func draw(g Game, src rng.Source, in playReq) (stake, win int64, outcome any, err error) {
	switch g.Kind {
	case KindSlot:
		if in.LineBet < 1 || in.LineBet > g.Slot.MaxLineBet() {
			return 0, 0, nil, errBadPlay
		}
		rd, err := g.Slot.PlayRound(src, in.LineBet)
		if err != nil {
			return 0, 0, nil, errBadPlay
		}
		return rd.TotalBet, rd.Win, rd, nil
	case KindKeno:
		if in.Stake < 1 || in.Stake > maxBetStake {
			return 0, 0, nil, errBadPlay
		}
		drawn := keno.Draw(src)
		hits, win, err := g.Keno.Settle(in.Picks, drawn, in.Stake)
		if err != nil {
			return 0, 0, nil, fail(codeBadRequest, "picks out of range")
		}
		return in.Stake, win, map[string]any{"picks": in.Picks, "drawn": drawn, "hits": hits, "win": win}, nil
	case KindBaccarat:
		if len(in.Bets) == 0 || len(in.Bets) > 3 {
			return 0, 0, nil, errBadPlay
		}
		bets := make([]baccarat.Bet, 0, len(in.Bets))
		seen := map[string]bool{}
		for _, b := range in.Bets {
			kind, ok := baccarat.ParseBetKind(b.Kind)
			if !ok || seen[b.Kind] || b.Stake < 1 || b.Stake > maxBetStake {
				return 0, 0, nil, errBadPlay
			}
			seen[b.Kind] = true
			bets = append(bets, baccarat.Bet{Kind: kind, Stake: b.Stake})
			stake += b.Stake
		}
		hand, err := baccarat.DealFresh(src, g.Baccarat.Decks)
		if err != nil {
			return 0, 0, nil, err
		}
		results, err := baccarat.SettleWith(hand, bets, g.Baccarat)
		if err != nil {
			return 0, 0, nil, errBadPlay
		}
		for _, r := range results {
			win += r.Return
		}
		return stake, win, map[string]any{"hand": hand, "results": results}, nil
	}
	return 0, 0, nil, fmt.Errorf("remote: game %s of unknown kind %q", g.Code, g.Kind)
}

func (s *Server) play(ctx context.Context, in playReq) (any, error) {
	if in.RequestID == "" || len(in.RequestID) > 64 || strings.TrimSpace(in.RequestID) != in.RequestID {
		return nil, fail(codeBadRequest, "request_id is required")
	}
	se, g, err := s.liveGame(ctx, in.Session)
	if err != nil {
		return nil, err
	}
	f, err := s.store.faults(ctx, se.Provider)
	if err != nil {
		return nil, err
	}
	if f.Maintenance {
		return nil, errMaintenance
	}
	// A retry of a round that settled before the check fell due still
	// answers that round: refusing it would hide an outcome already paid.
	if se.realityDue(s.opts.Now()) {
		if prev, err := s.store.roundByRequest(ctx, se.IDHash, in.RequestID); err == nil {
			return roundAnswerOf(prev), nil
		}
		v, err := s.realityView(ctx, se)
		if err != nil {
			return nil, err
		}
		return nil, &apiError{code: codeReality, msg: "reality check due", data: v}
	}
	src := s.pool.Get()
	stake, win, rd, err := draw(g, src, in)
	s.pool.Put(src)
	if err != nil {
		return nil, err
	}
	outcome, err := json.Marshal(rd)
	if err != nil {
		return nil, err
	}
	r, err := s.store.settleRound(ctx, se, roundRow{RequestID: in.RequestID, Stake: stake, Win: win, Outcome: string(outcome),
		CreatedAt: s.now()})
	if errors.Is(err, errShort) {
		return nil, fail(codeShort, "balance below the stake")
	}
	if err != nil {
		return nil, err
	}
	return roundAnswerOf(r), nil
}

func roundAnswerOf(r roundRow) map[string]any {
	return map[string]any{"request_id": r.RequestID, "stake": r.Stake, "win": r.Win, "balance": r.BalanceAfter,
		"outcome": json.RawMessage(r.Outcome)}
}

// The reality check on real-money rounds: the platform hands the member's
// interval over at launch, as aggregators take it; once it has run since
// the session's start or the last acknowledgement, rounds are refused
// (codeReality) until the member acknowledges on the page.

// realityDue reports whether the session's rounds wait for an
// acknowledgement at now.
func (se session) realityDue(now time.Time) bool {
	if se.Demo || se.RealityMinutes <= 0 {
		return false
	}
	return !now.Before(time.UnixMicro(se.RealityFrom).Add(time.Duration(se.RealityMinutes) * time.Minute))
}

// realityCheck is what the page's reality-check dialog shows.
type realityCheck struct {
	Minutes        int    `json:"minutes"`         // the interval
	ElapsedMinutes int64  `json:"elapsed_minutes"` // since the session started
	Net            int64  `json:"net"`             // the session's wins minus its stakes, minor units
	HistoryURL     string `json:"history_url"`
	LimitsURL      string `json:"limits_url"`
}

func (s *Server) realityView(ctx context.Context, se session) (realityCheck, error) {
	net, err := s.store.sessionNet(ctx, se.IDHash)
	if err != nil {
		return realityCheck{}, err
	}
	return realityCheck{Minutes: se.RealityMinutes, ElapsedMinutes: int64(s.opts.Now().Sub(time.UnixMicro(se.CreatedAt)) / time.Minute),
		Net: net, HistoryURL: se.HistoryURL, LimitsURL: se.LimitsURL}, nil
}

// ackReality takes the member's acknowledgement: the next interval runs
// from now, and the platform is told (its own check of the member restarts
// too, so the next launch does not ask again). Acknowledging a check not
// due, or one a concurrent acknowledgement took, changes nothing and
// answers acknowledged false.
func (s *Server) ackReality(ctx context.Context, in playReq) (any, error) {
	se, err := s.liveSession(ctx, in.Session)
	if err != nil {
		return nil, err
	}
	if !se.realityDue(s.opts.Now()) {
		return map[string]bool{"acknowledged": false}, nil
	}
	ok, err := s.store.ackReality(ctx, se.IDHash, se.RealityFrom, s.now())
	if err != nil {
		return nil, err
	}
	if ok && se.MemberID > 0 && s.opts.RealityAcked != nil {
		// The page's acknowledgement stands whatever the platform answers:
		// at worst its next launch asks once more.
		if err := s.opts.RealityAcked(ctx, se.MemberID); err != nil {
			s.opts.Log.WarnContext(ctx, "remote reality ack: platform callback", "err", err)
		}
	}
	// A concurrent acknowledgement that won answers true; this one false.
	return map[string]bool{"acknowledged": ok}, nil
}

// historyRound is a round of the page's history panel.
type historyRound struct {
	ID      int64  `json:"id"`
	At      string `json:"at"` // RFC 3339, UTC
	Stake   int64  `json:"stake"`
	Win     int64  `json:"win"`
	Balance int64  `json:"balance"` // after the round
}

// history answers the session's player's latest rounds of its game.
func (s *Server) history(ctx context.Context, in playReq) (any, error) {
	se, err := s.liveSession(ctx, in.Session)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.history(ctx, se, historyLimit)
	if err != nil {
		return nil, err
	}
	out := make([]historyRound, len(rows))
	for i, r := range rows {
		out[i] = historyRound{ID: r.ID, At: time.UnixMicro(r.CreatedAt).UTC().Format(time.RFC3339), Stake: r.Stake, Win: r.Win,
			Balance: r.BalanceAfter}
	}
	return map[string]any{"rounds": out}, nil
}
