package house

import (
	"encoding/json"
	"net/http"
	"strings"

	"gamehall/internal/api"
)

// Pages serves a built HTML entry of the front end (the game pages are
// their own Vite entries under games/<kind>/).
type Pages interface {
	ServeEntry(w http.ResponseWriter, r *http.Request, name string)
}

// Handler serves the game pages and their play API under /games/.
type Handler struct {
	play  *Play
	pages Pages
}

// NewHandler returns the handler.
func NewHandler(play *Play, pages Pages) *Handler {
	return &Handler{play: play, pages: pages}
}

// Routes registers the play API on r and the pages on mux.
func (h *Handler) Routes(r api.Router, mux *http.ServeMux) {
	r.Post("/games/api/session", h.session)
	r.Post("/games/api/play", h.playRound)
	r.Post("/games/api/history", h.history)
	r.Post("/games/api/fair", h.fair)
	r.Post("/games/api/fair/client-seed", h.clientSeed)
	r.Post("/games/api/fair/rotate", h.rotate)
	r.Post("/games/api/reality/ack", h.ackReality)
	// A method-less prefix: a "GET /games/{code}/" pattern would conflict
	// with the API paths above.
	mux.HandleFunc("/games/", h.page)
}

// page serves the game's page; the page reads its session from the query.
func (h *Handler) page(w http.ResponseWriter, r *http.Request) {
	code, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/games/"), "/")
	g, known := h.play.games.byCode[code]
	if !ok || !known {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	h.pages.ServeEntry(w, r, "games/"+g.kind+"/index.html")
}

type sessionBody struct {
	Session string `json:"session"`
}

func (h *Handler) session(r *http.Request) (any, error) {
	var b sessionBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.play.Session(r.Context(), b.Session)
}

// playRound plays one round; the play counts against its client address's
// limit (Play.WithCounter), inside the round where it can.
func (h *Handler) playRound(r *http.Request) (any, error) {
	var b struct {
		Session   string          `json:"session"`
		RequestID string          `json:"request_id"`
		Device    string          `json:"device"`
		Choices   json.RawMessage `json:"choices"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.play.PlayOn(r.Context(), b.Session, b.RequestID, b.Device, b.Choices)
}

func (h *Handler) ackReality(r *http.Request) (any, error) {
	var b sessionBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if err := h.play.AckReality(r.Context(), b.Session); err != nil {
		return nil, err
	}
	return map[string]int{"acknowledged": 1}, nil
}

func (h *Handler) history(r *http.Request) (any, error) {
	var b struct {
		Session string `json:"session"`
		Limit   int    `json:"limit"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	list, err := h.play.History(r.Context(), b.Session, b.Limit)
	if err != nil {
		return nil, err
	}
	return map[string][]Round{"list": list}, nil
}

func (h *Handler) fair(r *http.Request) (any, error) {
	var b sessionBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.play.Fair(r.Context(), b.Session)
}

func (h *Handler) clientSeed(r *http.Request) (any, error) {
	var b struct {
		Session    string `json:"session"`
		ClientSeed string `json:"client_seed"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.play.SetClientSeed(r.Context(), b.Session, b.ClientSeed)
}

func (h *Handler) rotate(r *http.Request) (any, error) {
	var b sessionBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.play.RotateSeed(r.Context(), b.Session)
}
