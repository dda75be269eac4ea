package admin

import (
	"context"
	"net/http"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/games"
	"gamehall/internal/provider/remote"
)

// Game providers: maintenance windows of the static provider table, and
// the faults of the sandbox remote provider. Providers are shared by every
// site, so their writes are audited with site 0.

// Maintenance reads and sets providers' maintenance windows (games.Service).
type Maintenance interface {
	ProviderMaintenance(ctx context.Context, code string) (games.ProviderMaintenance, error)
	SetMaintenance(ctx context.Context, code string, in games.MaintenanceInput) (games.ProviderMaintenance, error)
}

// FaultSwitch is the sandbox remote provider's fault switch, one per
// provider code it serves (remote.Sandbox).
type FaultSwitch interface {
	Serves(code string) bool
	Faults(ctx context.Context, code string) (remote.Faults, error)
	SetFaults(ctx context.Context, code string, f remote.Faults) error
}

func providerCode(r *http.Request) (string, error) {
	code := strings.ToUpper(strings.TrimSpace(r.PathValue("code")))
	if code == "" || len(code) > 16 {
		return "", api.Bad("code", "must be a provider's GP code")
	}
	return code, nil
}

// SetMaintenance changes a provider's maintenance window.
func (s *Service) SetMaintenance(ctx context.Context, a audit.Actor, code string, in games.MaintenanceInput) (games.ProviderMaintenance, error) {
	var out games.ProviderMaintenance
	err := s.Audit.Write(ctx, a, "provider.maintenance.set", 0, "provider:"+code, func(ctx context.Context) error {
		var err error
		out, err = s.Games.SetMaintenance(ctx, code, in)
		return err
	}, func() any { return out })
	if err != nil {
		return games.ProviderMaintenance{}, err
	}
	s.dropCaches()
	return out, nil
}

func (s *Service) faultSwitch(code string) (FaultSwitch, error) {
	if s.Faults == nil || !s.Faults.Serves(code) {
		return nil, games.ErrProviderNotFound
	}
	return s.Faults, nil
}

// ProviderFaults reads the sandbox provider's faults.
func (s *Service) ProviderFaults(ctx context.Context, code string) (remote.Faults, error) {
	f, err := s.faultSwitch(code)
	if err != nil {
		return remote.Faults{}, err
	}
	return f.Faults(ctx, code)
}

// SetProviderFaults switches the sandbox provider's faults.
func (s *Service) SetProviderFaults(ctx context.Context, a audit.Actor, code string, in remote.Faults) (remote.Faults, error) {
	f, err := s.faultSwitch(code)
	if err != nil {
		return remote.Faults{}, err
	}
	err = s.Audit.Write(ctx, a, "provider.faults.set", 0, "provider:"+code,
		func(ctx context.Context) error { return f.SetFaults(ctx, code, in) }, func() any { return in })
	return in, err
}

func (h *Handler) maintenance(r *http.Request) (any, error) {
	code, err := providerCode(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Games.ProviderMaintenance(r.Context(), code)
}

func (h *Handler) setMaintenance(r *http.Request) (any, error) {
	code, err := providerCode(r)
	if err != nil {
		return nil, err
	}
	var in games.MaintenanceInput
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	return h.svc.SetMaintenance(r.Context(), actor(r), code, in)
}

func (h *Handler) faults(r *http.Request) (any, error) {
	code, err := providerCode(r)
	if err != nil {
		return nil, err
	}
	return h.svc.ProviderFaults(r.Context(), code)
}

func (h *Handler) setFaults(r *http.Request) (any, error) {
	code, err := providerCode(r)
	if err != nil {
		return nil, err
	}
	var in remote.Faults
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	return h.svc.SetProviderFaults(r.Context(), actor(r), code, in)
}
