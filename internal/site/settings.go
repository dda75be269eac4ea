package site

import (
	"context"
	"net/url"
	"strings"
	"unicode"

	"gamehall/internal/api"
)

// Settings are the operator-owned flags of a site (env_config and the lobby).
type Settings struct {
	DemoMode                 bool   `json:"demo_mode"`
	GameRoomMode             bool   `json:"game_room_mode"`
	CustomerServiceURL       string `json:"customer_service_url"`
	AppIOSURL                string `json:"app_ios_url"`
	AppAndroidURL            string `json:"app_android_url"`
	LinkExpireMinutes        int    `json:"link_expire_minutes"`
	BulletinDisplayFrequency int    `json:"bulletin_display_frequency"`
	// RealityCheckMinutes is the reality-check interval of members who
	// chose none (0: none by default).
	RealityCheckMinutes int `json:"reality_check_minutes"`
}

// SettingsUpdate changes the fields that are present (not nil).
type SettingsUpdate struct {
	DemoMode                 *bool   `json:"demo_mode,omitempty"`
	GameRoomMode             *bool   `json:"game_room_mode,omitempty"`
	CustomerServiceURL       *string `json:"customer_service_url,omitempty"`
	AppIOSURL                *string `json:"app_ios_url,omitempty"`
	AppAndroidURL            *string `json:"app_android_url,omitempty"`
	LinkExpireMinutes        *int    `json:"link_expire_minutes,omitempty"`
	BulletinDisplayFrequency *int    `json:"bulletin_display_frequency,omitempty"`
	RealityCheckMinutes      *int    `json:"reality_check_minutes,omitempty"`
}

// Empty reports an update that changes nothing.
func (u SettingsUpdate) Empty() bool {
	return u.DemoMode == nil && u.GameRoomMode == nil && u.CustomerServiceURL == nil && u.AppIOSURL == nil &&
		u.AppAndroidURL == nil && u.LinkExpireMinutes == nil && u.BulletinDisplayFrequency == nil &&
		u.RealityCheckMinutes == nil
}

// Validate checks ranges and trims the URLs in place.
func (u *SettingsUpdate) Validate() error {
	for _, f := range []struct {
		name string
		v    *string
	}{{"customer_service_url", u.CustomerServiceURL}, {"app_ios_url", u.AppIOSURL}, {"app_android_url", u.AppAndroidURL}} {
		if f.v == nil {
			continue
		}
		*f.v = strings.TrimSpace(*f.v)
		if !validURL(*f.v) {
			return api.Bad(f.name, "must be empty, a site path (/...) or an absolute http(s) URL, at most 500 characters")
		}
	}
	if v := u.LinkExpireMinutes; v != nil && (*v < 1 || *v > 7*24*60) {
		return api.Bad("link_expire_minutes", "must be between 1 and 10080")
	}
	if v := u.BulletinDisplayFrequency; v != nil && (*v < 0 || *v > 2) {
		return api.Bad("bulletin_display_frequency", "must be between 0 and 2")
	}
	if v := u.RealityCheckMinutes; v != nil && (*v < 0 || *v > 24*60) {
		return api.Bad("reality_check_minutes", "must be between 0 (off) and 1440")
	}
	return nil
}

// validURL accepts "", a path of this site ("/main/3", not "//host") or an
// absolute http(s) URL with a host.
func validURL(v string) bool {
	if v == "" {
		return true
	}
	if len(v) > 500 || strings.IndexFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(v)
	if err != nil {
		return false
	}
	if strings.HasPrefix(v, "/") {
		return !strings.HasPrefix(v, "//") && !strings.HasPrefix(v, "/\\") && u.Scheme == "" && u.Host == ""
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Settings reads a site's flags.
func (s *Service) Settings(ctx context.Context, siteID int64) (Settings, error) {
	if err := s.CheckSite(ctx, siteID); err != nil {
		return Settings{}, err
	}
	st, err := s.store.Site(ctx, siteID)
	if err != nil {
		return Settings{}, err
	}
	return Settings{DemoMode: st.DemoMode, GameRoomMode: st.GameRoomMode, CustomerServiceURL: st.CustomerServiceURL,
		AppIOSURL: st.AppIOSURL, AppAndroidURL: st.AppAndroidURL, LinkExpireMinutes: st.LinkExpireMinutes,
		BulletinDisplayFrequency: st.BulletinDisplayFrequency, RealityCheckMinutes: st.RealityCheckMinutes}, nil
}

// UpdateSettings validates u and applies it; once committed this node's
// cached sites are dropped, so the change shows at once (other nodes within
// their cache TTL).
func (s *Service) UpdateSettings(ctx context.Context, siteID int64, u SettingsUpdate) error {
	if err := u.Validate(); err != nil {
		return err
	}
	if u.Empty() {
		return nil
	}
	if err := s.store.UpdateSettings(ctx, siteID, u, s.now().UTC().UnixMicro()); err != nil {
		return err
	}
	s.store.db.AfterCommit(ctx, s.Invalidate)
	return nil
}

// RealityCheckMinutes is the site's default reality-check interval (0: none).
func (s *Service) RealityCheckMinutes(ctx context.Context, siteID int64) (int, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return 0, err
	}
	return info.RealityCheckMinutes, nil
}
