package member

import (
	"net/http"
	"net/netip"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member endpoints.
type Handler struct {
	api         *api.API
	svc         *Service
	country     func(*http.Request) string
	wallet      Wallet
	cashBack    CashBack
	handoffKey  []byte
	defaultLang func(siteID int64) string
	defaultSite int64
	trusted     []netip.Prefix
}

// HandlerDeps are what the handler needs besides the service.
type HandlerDeps struct {
	Country     func(*http.Request) string
	Wallet      Wallet
	CashBack    CashBack
	HandoffKey  []byte
	DefaultLang func(siteID int64) string
	DefaultSite int64
	// TrustedProxies may set X-Forwarded-Host (as they set X-Forwarded-For).
	TrustedProxies []netip.Prefix
}

// NewHandler returns the handler.
func NewHandler(a *api.API, svc *Service, d HandlerDeps) *Handler {
	return &Handler{api: a, svc: svc, country: d.Country, wallet: d.Wallet, cashBack: d.CashBack,
		handoffKey: d.HandoffKey, defaultLang: d.DefaultLang, defaultSite: d.DefaultSite, trusted: d.TrustedProxies}
}

// Routes registers the endpoints; members is the router requiring a session.
func (h *Handler) Routes(r api.Router) {
	members := r.With(auth.Required(h.api))
	r.GetOrPost("/api/get_login_header", h.loginHeader)
	r.Post("/api/login", h.login)
	r.Post("/api/login/double_validation", h.doubleValidation)
	r.Post("/api/login/double_validation/skip", h.skip)
	r.Post("/api/logout", h.logout)
	r.Post("/api/register", h.register)
	r.Post("/api/register/verification", h.verification)
	r.Post("/api/register/sms", h.registerSMS)
	r.Post("/api/register/valid_message", h.validMessage)
	r.Post("/api/member_info", h.memberInfo)
	r.Post("/api/arks/web/register-settings", h.registerSettings)
	r.Post("/api/arks/web/register-settings/service-agreement", h.agreement)
	r.Post("/api/arks/web/check-agent-domain", h.agentDomain)
	r.Post("/api/arks/web/vx/verify", h.recoveryVerify)
	r.Post("/api/arks/web/vx/reset", h.recoveryReset)
	r.Post("/api/forgot_password/sms", h.forgotSMS)
	r.Post("/api/forgot_password/reset", h.forgotReset)
	r.Post("/api/get_info_data", h.infoData)
	members.Post("/api/member/profile", h.profile)
	members.Post("/api/member/profile/common/layout", h.layout)
	members.Post("/api/member/profile/edit_password", h.editPassword)
	members.Post("/api/member/profile/withdraw_password", h.withdrawPassword)
	members.Post("/api/member/profile/update", h.updateProfile)
	members.Post("/api/member/profile/sms", h.profileSMS)
}

func (h *Handler) meta(r *http.Request) Meta {
	return Meta{IP: api.ClientIP(r.Context()).String(), Country: h.country(r), UserAgent: r.UserAgent(),
		Lang: api.Lang(r.Context()), Host: h.host(r)}
}

// host is the host the browser called: X-Forwarded-Host when a trusted
// proxy set it, else the request's Host.
func (h *Handler) host(r *http.Request) string {
	if f := r.Header.Get("X-Forwarded-Host"); f != "" && api.PeerTrusted(r, h.trusted) {
		first, _, _ := strings.Cut(f, ",")
		return strings.TrimSpace(first)
	}
	return r.Host
}

func (h *Handler) loginHeader(r *http.Request) (any, error) {
	m := h.meta(r)
	return map[string]string{"remote_addr": m.IP, "country": m.Country, "host": m.Host}, nil
}

func (h *Handler) login(r *http.Request) (any, error) {
	var in LoginInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Login(r.Context(), in, h.meta(r))
}

func (h *Handler) doubleValidation(r *http.Request) (any, error) {
	var in DVInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.DoubleValidation(r.Context(), in, h.meta(r))
}

func (h *Handler) skip(r *http.Request) (any, error) {
	var in struct {
		MemberLoginID string `json:"member_login_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Skip(r.Context(), in.MemberLoginID)
}

// logout ends the session when there is one; a visitor's logout is a no-op
// success, so a client can always clear its state.
func (h *Handler) logout(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	if p, ok := auth.From(r.Context()); ok {
		return api.Done(h.svc.Logout(r.Context(), p))
	}
	return api.Done(nil)
}

func (h *Handler) register(r *http.Request) (any, error) {
	var in RegisterInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Register(r.Context(), in, h.meta(r))
}

// verification takes the one field in server naming plus site_id,
// member_currency and verification=1.
func (h *Handler) verification(r *http.Request) (any, error) {
	var body map[string]any
	if err := api.Decode(r, &body); err != nil {
		return nil, err
	}
	siteID, _ := asInt(body["site_id"])
	currency, _ := body["member_currency"].(string)
	regType, _ := body["register_type"].(string)
	for _, field := range verifiableFields() {
		if v, ok := body[field]; ok {
			s, ok := v.(string)
			if !ok {
				return nil, api.Invalid(field, nil)
			}
			return api.Done(h.svc.VerifyField(r.Context(), siteID, currency, field, s, regType, h.meta(r)))
		}
	}
	return nil, api.Bad("body", "names no field that can be verified")
}

func asInt(v any) (int64, bool) {
	switch n := v.(type) {
	case interface{ Int64() (int64, error) }:
		i, err := n.Int64()
		return i, err == nil
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}

func (h *Handler) registerSMS(r *http.Request) (any, error) {
	var in struct {
		MemberPhone string `json:"member_phone"`
		Currency    string `json:"currency"`
		Type        string `json:"type"`
		SiteID      int64  `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.Type != "" && in.Type != "register_member" {
		return nil, api.Invalid("type", nil)
	}
	return api.Done(h.svc.SendRegisterSMS(r.Context(), in.SiteID, in.MemberPhone, in.Currency, h.meta(r)))
}

func (h *Handler) validMessage(r *http.Request) (any, error) {
	var in struct {
		SiteID        int64  `json:"site_id"`
		RecommendCode string `json:"recommend_code"`
		AgentID       string `json:"agent_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.ValidMessage(r.Context(), in.SiteID, in.RecommendCode, in.AgentID)
}

func (h *Handler) memberInfo(r *http.Request) (any, error) {
	var in struct {
		ID     string `json:"id"`
		SiteID int64  `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.SiteID == 0 {
		in.SiteID = h.defaultSite
	}
	return h.svc.MemberInfo(r.Context(), in.SiteID, in.ID)
}

func (h *Handler) registerSettings(r *http.Request) (any, error) {
	var in struct {
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.RegisterSettings(r.Context(), in.SiteID)
}

func (h *Handler) agreement(r *http.Request) (any, error) {
	var in struct {
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Agreement(r.Context(), in.SiteID, api.Lang(r.Context()), h.defaultLang(in.SiteID))
}

func (h *Handler) agentDomain(r *http.Request) (any, error) {
	var in struct {
		Host   string `json:"host"`
		SiteID int64  `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.CheckAgentDomain(r.Context(), in.SiteID, in.Host)
}

func (h *Handler) recoveryVerify(r *http.Request) (any, error) {
	var in RecoveryVerifyInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.SiteID == 0 {
		in.SiteID = h.defaultSite
	}
	return h.svc.RecoveryVerify(r.Context(), in, h.meta(r))
}

func (h *Handler) recoveryReset(r *http.Request) (any, error) {
	var in RecoveryResetInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.SiteID == 0 {
		in.SiteID = h.defaultSite
	}
	return api.Done(h.svc.RecoveryReset(r.Context(), in, h.meta(r)))
}

func (h *Handler) forgotSMS(r *http.Request) (any, error) {
	var in struct {
		SiteID      int64  `json:"site_id"`
		Account     string `json:"account"`
		MemberPhone string `json:"member_phone"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return api.Done(h.svc.ForgotSMS(r.Context(), in.SiteID, in.Account, in.MemberPhone, h.meta(r)))
}

func (h *Handler) forgotReset(r *http.Request) (any, error) {
	var in ForgotResetInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return api.Done(h.svc.ForgotReset(r.Context(), in))
}

func (h *Handler) infoData(r *http.Request) (any, error) {
	var in struct {
		Enc string `json:"enc"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.InfoData(r.Context(), h.handoffKey, in.Enc, h.meta(r))
}

func (h *Handler) profile(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Profile(r.Context(), p)
}

func (h *Handler) layout(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Layout(r.Context(), p, h.wallet, h.cashBack)
}

// editPassword answers the new session's token in the authorization header
// (the old token died with the password) and in the body.
func (h *Handler) editPassword(r *http.Request) (any, error) {
	var in EditPasswordInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	out, err := h.svc.EditPassword(r.Context(), p, in, h.meta(r))
	if err != nil {
		return nil, err
	}
	return api.WithHeader{Key: "Authorization", Value: "Bearer " + out.Token, Data: out}, nil
}

func (h *Handler) withdrawPassword(r *http.Request) (any, error) {
	var in WithdrawPasswordInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return api.Done(h.svc.SetWithdrawPassword(r.Context(), p, in))
}

func (h *Handler) updateProfile(r *http.Request) (any, error) {
	var in map[string]any
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	code := ""
	for k, v := range in {
		s, ok := v.(string)
		if !ok {
			return nil, api.Invalid(k, nil)
		}
		if k == "phone_verify" {
			code = s
			continue
		}
		fields[k] = s
	}
	p, _ := auth.From(r.Context())
	return api.Done(h.svc.UpdateProfile(r.Context(), p, fields, code))
}

func (h *Handler) profileSMS(r *http.Request) (any, error) {
	var in struct {
		MemberPhone string `json:"member_phone"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return api.Done(h.svc.SendProfileSMS(r.Context(), p, strings.TrimSpace(in.MemberPhone), h.meta(r)))
}
