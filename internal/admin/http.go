package admin

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/member"
	"gamehall/internal/wallet"
)

// Limiter counts failed authentications (ratelimit.Limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, per time.Duration) (int, error)
	Count(ctx context.Context, key string, per time.Duration) (int, error)
}

// Failed authentications allowed per client address and window; beyond,
// every request from that address answers 429 until the window ends, even
// with the right key (a guesser must not learn it was right).
const (
	AuthFailures = 10
	AuthWindow   = 15 * time.Minute
)

// errUnauthorized is a missing or wrong operator key.
var errUnauthorized = &api.Error{Code: api.CodeUnauthorized, Key: "unauthorized", Detail: "operator key missing or wrong",
	Status: http.StatusUnauthorized}

// Handler serves /admin/.
type Handler struct {
	api     *api.API
	svc     *Service
	enabled bool
	keyHash [sha256.Size]byte
	limit   Limiter
	log     *slog.Logger
}

// NewHandler returns the handler. key is the operator's bearer secret as
// configured (empty: the API is off and every /admin/ path answers 404).
// Only its SHA-256 is kept.
func NewHandler(a *api.API, svc *Service, key string, limit Limiter, log *slog.Logger) *Handler {
	return &Handler{api: a, svc: svc, enabled: key != "", keyHash: sha256.Sum256([]byte(key)), limit: limit, log: log}
}

// OperatorOnly serves next only to a request with the operator key (the
// same check, failure limit included, as /admin/); without a key
// configured it answers 404.
func (h *Handler) OperatorOnly(next http.Handler) http.Handler {
	if !h.enabled {
		return h.api.NotFound()
	}
	return h.auth(next)
}

// Routes registers /admin/ on mux.
func (h *Handler) Routes(mux *http.ServeMux) {
	if !h.enabled {
		mux.Handle("/admin/", h.api.NotFound())
		return
	}
	methods := map[string][]string{}
	var order []string
	route := func(method, path string, fn api.HandlerFunc) {
		mux.Handle(method+" "+path, h.auth(h.api.Handle(fn)))
		if methods[path] == nil {
			order = append(order, path)
		}
		methods[path] = append(methods[path], method)
	}
	const site = "/admin/sites/{site_id}"
	route("GET", site+"/settings", h.settings)
	route("PUT", site+"/settings", h.updateSettings)
	route("GET", site+"/register-settings", h.registerSettings)
	route("PUT", site+"/register-settings/{currency}", h.replaceRegisterSettings)
	route("PUT", site+"/register-settings/{currency}/{name}", h.updateRegisterItem)
	route("GET", site+"/service-agreement", h.agreement)
	route("PUT", site+"/service-agreement/{language}", h.replaceAgreement)
	route("GET", site+"/blacklist", h.blacklist)
	route("POST", site+"/blacklist", h.addBlacklist)
	route("POST", site+"/blacklist/remove", h.removeBlacklist)
	route("GET", site+"/sms-outbox", h.outbox)
	route("GET", site+"/members/{account}", h.member)
	route("PUT", site+"/members/{account}", h.updateMember)
	route("GET", site+"/channels", h.channels)
	route("PUT", site+"/channels", h.saveChannel)
	route("GET", site+"/wallet-settings", h.walletSettings)
	route("PUT", site+"/wallet-settings", h.saveWalletSettings)
	route("GET", site+"/deposits", orders(h.svc.Deposits))
	route("POST", site+"/deposits/{order_no}/confirm", h.confirmDeposit)
	route("GET", site+"/withdrawals", orders(h.svc.Withdrawals))
	route("POST", site+"/withdrawals/{order_no}/approve", h.review(true))
	route("POST", site+"/withdrawals/{order_no}/reject", h.review(false))
	route("POST", site+"/members/{account}/adjust", h.adjust)
	route("POST", site+"/members/{account}/ledger", h.memberLedger)
	h.contentRoutes(route, site)
	route("POST", "/admin/realtime/app-clean-cache", h.cleanCache)
	route("GET", "/admin/providers/{code}/maintenance", h.maintenance)
	route("PUT", "/admin/providers/{code}/maintenance", h.setMaintenance)
	route("GET", "/admin/providers/{code}/faults", h.faults)
	route("POST", "/admin/providers/{code}/faults", h.setFaults)
	h.engageRoutes(route)
	h.bonusRoutes(route)
	h.referralRoutes(route)
	route("GET", "/admin/audit", h.ledgerAudit)
	route("GET", "/admin/audit-log", h.auditLog)
	for _, path := range order {
		allow := strings.Join(methods[path], ", ")
		mux.Handle(path, h.auth(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			h.api.WriteError(w, r, api.ErrMethod)
		})))
	}
	// Unknown paths: 404, but only to a caller holding the key.
	mux.Handle("/admin/", h.auth(h.api.NotFound()))
}

// auth admits requests carrying the operator key. Keys are compared as
// SHA-256 digests in constant time; failures are counted per client address
// in the database (every node sees them). The key is never logged.
func (h *Handler) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		ip := api.ClientIP(ctx).String()
		key := "admin:auth:fail:" + ip
		n, err := h.limit.Count(ctx, key, AuthWindow)
		if err != nil {
			h.api.WriteError(w, r, err)
			return
		}
		if n >= AuthFailures {
			w.Header().Set("Retry-After", strconv.Itoa(int(AuthWindow.Seconds())))
			h.api.WriteError(w, r, api.ErrTooMany)
			return
		}
		if !h.keyMatches(r.Header.Get("Authorization")) {
			if _, err := h.limit.Hit(ctx, key, AuthWindow); err != nil {
				h.api.WriteError(w, r, err)
				return
			}
			h.log.WarnContext(ctx, "admin auth failed", "ip", ip, "path", r.URL.Path, "request_id", api.RequestID(ctx))
			w.Header().Set("WWW-Authenticate", `Bearer realm="gamehall-admin"`)
			h.api.WriteError(w, r, errUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (h *Handler) keyMatches(header string) bool {
	scheme, token, _ := strings.Cut(strings.TrimSpace(header), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		token = ""
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(token)))
	match := subtle.ConstantTimeCompare(got[:], h.keyHash[:]) == 1
	return match && token != ""
}

func actor(r *http.Request) audit.Actor {
	ctx := r.Context()
	return audit.Actor{IP: api.ClientIP(ctx).String(), RequestID: api.RequestID(ctx), Method: r.Method, Path: r.URL.Path}
}

func siteID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("site_id"), 10, 64)
	if err != nil {
		return 0, api.Bad("site_id", "must be a positive integer")
	}
	return id, checkSite(id)
}

// queryInt reads an optional integer query parameter within [min, max].
func queryInt(r *http.Request, name string, def, min, max int64) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < min || n > max {
		return 0, api.Bad(name, fmt.Sprintf("must be an integer between %d and %d", min, max))
	}
	return n, nil
}

// paging reads limit and before_id.
func paging(r *http.Request) (beforeID int64, limit int, err error) {
	l, err := queryInt(r, "limit", api.DefaultLimit, 1, api.MaxLimit)
	if err != nil {
		return 0, 0, err
	}
	b, err := queryInt(r, "before_id", 0, 0, 1<<62)
	return b, int(l), err
}

func (h *Handler) settings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Settings(r.Context(), id)
}

func (h *Handler) updateSettings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var u SettingsUpdate
	if err := api.DecodeStrict(r, &u); err != nil {
		return nil, err
	}
	return h.svc.UpdateSettings(r.Context(), actor(r), id, u)
}

type itemList struct {
	List []member.RegisterSetting `json:"list"`
}

func (h *Handler) registerSettings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	list, err := h.svc.RegisterSettings(r.Context(), id, r.URL.Query().Get("currency"))
	return itemList{List: list}, err
}

func (h *Handler) replaceRegisterSettings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		Items *[]member.RegisterSetting `json:"items"`
	}
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	if in.Items == nil {
		return nil, api.Bad("items", "is required (an empty list closes registration in this currency)")
	}
	list, err := h.svc.ReplaceRegisterSettings(r.Context(), actor(r), id, r.PathValue("currency"), *in.Items)
	return itemList{List: list}, err
}

func (h *Handler) updateRegisterItem(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var u member.RegisterSettingUpdate
	if err := api.DecodeStrict(r, &u); err != nil {
		return nil, err
	}
	return h.svc.UpdateRegisterItem(r.Context(), actor(r), id, r.PathValue("currency"), r.PathValue("name"), u)
}

func (h *Handler) agreement(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Agreement(r.Context(), id)
}

func (h *Handler) replaceAgreement(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		Blocks *[]member.AgreementBlock `json:"blocks"`
	}
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	if in.Blocks == nil {
		return nil, api.Bad("blocks", "is required (an empty list removes the language)")
	}
	list, err := h.svc.ReplaceAgreement(r.Context(), actor(r), id, r.PathValue("language"), *in.Blocks)
	return map[string]any{"language": r.PathValue("language"), "list": list}, err
}

func (h *Handler) blacklist(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Blacklist(r.Context(), id, r.URL.Query().Get("kind"))
}

func (h *Handler) blacklistChange(add bool) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		var e member.BlacklistEntry
		if err := api.DecodeStrict(r, &e); err != nil {
			return nil, err
		}
		return h.svc.SetBlacklisted(r.Context(), actor(r), id, e, add)
	}
}

func (h *Handler) addBlacklist(r *http.Request) (any, error)    { return h.blacklistChange(true)(r) }
func (h *Handler) removeBlacklist(r *http.Request) (any, error) { return h.blacklistChange(false)(r) }

func (h *Handler) outbox(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	before, limit, err := paging(r)
	if err != nil {
		return nil, err
	}
	return h.svc.OutboxPage(r.Context(), id, r.URL.Query().Get("phone"), before, limit)
}

func (h *Handler) member(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Member(r.Context(), id, r.PathValue("account"))
}

func (h *Handler) updateMember(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var u member.MemberUpdate
	if err := api.DecodeStrict(r, &u); err != nil {
		return nil, err
	}
	return h.svc.UpdateMember(r.Context(), actor(r), id, r.PathValue("account"), u)
}

func (h *Handler) cleanCache(r *http.Request) (any, error) {
	var in CleanCacheInput
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	return h.svc.CleanCache(r.Context(), actor(r), in)
}

func (h *Handler) auditLog(r *http.Request) (any, error) {
	site, err := queryInt(r, "site_id", 0, 0, 1<<62)
	if err != nil {
		return nil, err
	}
	before, limit, err := paging(r)
	if err != nil {
		return nil, err
	}
	return h.svc.AuditLog(r.Context(), site, before, limit)
}

func (h *Handler) channels(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	list, err := h.svc.Channels(r.Context(), id)
	return map[string]any{"list": list}, err
}

func (h *Handler) saveChannel(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var in wallet.ChannelInput
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	return h.svc.SaveChannel(r.Context(), actor(r), id, in)
}

func (h *Handler) walletSettings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.WalletSettings(r.Context(), id)
}

func (h *Handler) saveWalletSettings(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var st wallet.Settings
	if err := api.DecodeStrict(r, &st); err != nil {
		return nil, err
	}
	return h.svc.SaveWalletSettings(r.Context(), actor(r), id, st)
}

// orderFilter reads status, member_id, before_id and limit.
func orderFilter(r *http.Request) (wallet.OrderFilter, error) {
	before, limit, err := paging(r)
	if err != nil {
		return wallet.OrderFilter{}, err
	}
	member, err := queryInt(r, "member_id", 0, 0, 1<<62)
	return wallet.OrderFilter{Status: r.URL.Query().Get("status"), MemberID: member, BeforeID: before, Limit: limit}, err
}

// orders answers a site's deposit or withdrawal orders under the query's filter.
func orders(list func(ctx context.Context, siteID int64, f wallet.OrderFilter) (api.Page[wallet.OrderView], error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		f, err := orderFilter(r)
		if err != nil {
			return nil, err
		}
		return list(r.Context(), id, f)
	}
}

func (h *Handler) confirmDeposit(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	if err := api.DecodeStrict(r, &struct{}{}); err != nil {
		return nil, err
	}
	return h.svc.ConfirmDeposit(r.Context(), actor(r), id, r.PathValue("order_no"))
}

func (h *Handler) review(approve bool) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		var in struct {
			Reason string `json:"reason"`
		}
		if err := api.DecodeStrict(r, &in); err != nil {
			return nil, err
		}
		return h.svc.Review(r.Context(), actor(r), id, r.PathValue("order_no"), approve, in.Reason)
	}
}

func (h *Handler) adjust(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var in wallet.AdjustInput
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	in.Account = r.PathValue("account")
	return h.svc.Adjust(r.Context(), actor(r), id, in)
}

func (h *Handler) memberLedger(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var q wallet.RecordQuery
	if err := api.DecodeStrict(r, &q); err != nil {
		return nil, err
	}
	return h.svc.MemberLedger(r.Context(), id, r.PathValue("account"), q)
}

func (h *Handler) ledgerAudit(r *http.Request) (any, error) {
	return h.svc.LedgerAudit(r.Context())
}
