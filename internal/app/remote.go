package app

import (
	"context"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/provider"
	"gamehall/internal/provider/house"
	"gamehall/internal/provider/remote"
)

// buildRemote starts the sandbox remote game provider on its own listener
// (unless --remote-provider-addr is off) and brings its game pages to our
// origin under /rgs/. It answers the providers to register. realityAcked
// takes members' acknowledgements of reality checks made on its pages.
func (a *App) buildRemote(w *wiring, realityAcked func(ctx context.Context, memberID int64) error) (*remote.Sandbox, []provider.Provider, error) {
	if a.cfg.RemoteProviderAddr == "off" {
		return nil, nil, nil
	}
	sb, err := remote.Start(a.DB, remote.StartOptions{Addr: a.cfg.RemoteProviderAddr, Log: a.log,
		RealityAcked: realityAcked})
	if err != nil {
		return nil, nil, err
	}
	a.closers = append(a.closers, sb.Close)
	a.log.Info("sandbox remote provider listening", "url", sb.Addr(), "providers", sb.Codes())
	w.mux.Handle("/rgs/", sb.Pages)
	// Every round writes a row: the same per-address limit as the in-house
	// games' plays, shared by both names of the play call.
	limited := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		ok, err := w.limits.Allow(r.Context(), "rgs_spin:"+api.ClientIP(r.Context()).String(), house.PlaysPerMinute, time.Minute)
		if err == nil && !ok {
			err = api.ErrTooMany
		}
		if err != nil {
			w.apis.WriteError(rw, r, err)
			return
		}
		sb.Pages.ServeHTTP(rw, r)
	})
	w.mux.Handle("POST /rgs/api/spin", limited)
	w.mux.Handle("POST /rgs/api/play", limited)
	out := make([]provider.Provider, len(sb.Clients))
	for i, c := range sb.Clients {
		out[i] = c
	}
	return sb, out, nil
}
