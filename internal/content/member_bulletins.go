package content

import (
	"context"
	"encoding/json"
	"net/http"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/i18n"
	"gamehall/internal/sanitize"
)

// Member bulletins (spec section 7): display_location 2 is the pop-up after
// login, 3 the member centre's list. With the site's display_frequency 0 a
// member's hide is kept on the server, so the pop-up stays closed on every
// device until the operator changes the bulletin.

// MemberBulletinQuery is the body of /arks/web/bulletin/member and its hide.
type MemberBulletinQuery struct {
	SiteID          int64 `json:"site_id"`
	DisplayDevice   int   `json:"display_device"`
	DisplayLocation int   `json:"display_location"`
}

func (q MemberBulletinQuery) check() error {
	if q.DisplayDevice != 1 && q.DisplayDevice != 2 {
		return api.Invalid("display_device", nil)
	}
	if q.DisplayLocation != 2 && q.DisplayLocation != 3 {
		return api.Bad("display_location", "must be 2 or 3")
	}
	return nil
}

// MemberBulletins is /arks/web/bulletin/member.
func (s *Service) MemberBulletins(ctx context.Context, p auth.Principal, q MemberBulletinQuery, lang string) (BulletinList, error) {
	if err := q.check(); err != nil {
		return BulletinList{}, err
	}
	defLang, err := s.sites.DefaultLanguageOf(ctx, p.SiteID)
	if err != nil {
		return BulletinList{}, err
	}
	freq, err := s.sites.BulletinDisplayFrequency(ctx, p.SiteID)
	if err != nil {
		return BulletinList{}, err
	}
	rows, err := s.store.MemberBulletins(ctx, p.SiteID, p.MemberID, q.DisplayDevice, q.DisplayLocation, freq == 0)
	if err != nil {
		return BulletinList{}, err
	}
	out := BulletinList{List: make([]BulletinItem, len(rows)), Setting: &BulletinSetting{DisplayFrequency: freq}}
	for i, r := range rows {
		out.List[i] = bulletinItem(r.Bulletin, lang, defLang)
	}
	return out, nil
}

// bulletinItem is a bulletin in a language; stored HTML is rebuilt again on
// the way out, so a row written any other way cannot reach a browser
// unsanitised.
func bulletinItem(r Bulletin, lang, defLang string) BulletinItem {
	return BulletinItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, lang, defLang), DisplayDevice: r.DisplayDevice,
		DisplayContent: sanitize.HTML(i18n.Pick(r.DisplayContentI18n, lang, defLang)),
		Content:        sanitize.HTML(i18n.Pick(r.ContentI18n, lang, defLang)), Sort: r.Sort, UpdatedAt: api.FormatTime(r.UpdatedAt)}
}

// HideResult is the hide's answer.
type HideResult struct {
	Hidden int64 `json:"hidden"`
}

// HideMemberBulletins is /arks/web/bulletin/member/hide: with
// display_frequency 0 the listed bulletins stay hidden for the member; with
// any other frequency the client's session decides and nothing is stored.
func (s *Service) HideMemberBulletins(ctx context.Context, p auth.Principal, q MemberBulletinQuery, now time.Time) (HideResult, error) {
	if err := q.check(); err != nil {
		return HideResult{}, err
	}
	freq, err := s.sites.BulletinDisplayFrequency(ctx, p.SiteID)
	if err != nil || freq != 0 {
		return HideResult{}, err
	}
	n, err := s.store.HideMemberBulletins(ctx, p.SiteID, p.MemberID, q.DisplayDevice, q.DisplayLocation, now.UTC().UnixMicro())
	return HideResult{Hidden: n}, err
}

// MemberBulletinInput is the operator's member bulletin (HTML per language,
// sanitised here).
type MemberBulletinInput struct {
	DisplayLocation int               `json:"display_location"`
	DisplayDevice   int               `json:"display_device"`
	Title           map[string]string `json:"title"`
	DisplayContent  map[string]string `json:"display_content" maxlen:"20000"`
	Content         map[string]string `json:"content" maxlen:"20000"`
	Sort            int               `json:"sort"`
	Published       *bool             `json:"published"`
}

// MemberBulletinView is a member bulletin as the operator sees it.
type MemberBulletinView struct {
	ID              int64             `json:"id"`
	DisplayLocation int               `json:"display_location"`
	DisplayDevice   int               `json:"display_device"`
	Title           map[string]string `json:"title"`
	DisplayContent  map[string]string `json:"display_content"`
	Content         map[string]string `json:"content"`
	Sort            int               `json:"sort"`
	Published       bool              `json:"published"`
	UpdatedAt       string            `json:"updated_at"`
}

func i18nMap(raw string) map[string]string {
	m := map[string]string{}
	_ = json.Unmarshal([]byte(raw), &m)
	return m
}

func (b MemberBulletin) view() MemberBulletinView {
	return MemberBulletinView{ID: b.ID, DisplayLocation: b.DisplayLocation, DisplayDevice: b.DisplayDevice, Title: i18nMap(b.TitleI18n),
		DisplayContent: i18nMap(b.DisplayContentI18n), Content: i18nMap(b.ContentI18n), Sort: b.Sort, Published: b.Published,
		UpdatedAt: api.FormatTime(b.UpdatedAt)}
}

// sanitized checks per-language HTML and rebuilds it through the
// allow-list.
func sanitized(field string, in map[string]string, maxLen int) (string, error) {
	out := make(map[string]string, len(in))
	for lang, v := range in {
		if len(lang) != 5 || len(v) > maxLen {
			return "", api.Bad(field, "each language needs a code and at most the allowed length")
		}
		out[lang] = sanitize.HTML(v)
	}
	return i18n.Text(out), nil
}

// SaveMemberBulletin creates (id 0) or changes a member bulletin.
func (s *Service) SaveMemberBulletin(ctx context.Context, siteID, id int64, in MemberBulletinInput, now time.Time) (MemberBulletinView, error) {
	if in.DisplayLocation != 2 && in.DisplayLocation != 3 {
		return MemberBulletinView{}, api.Bad("display_location", "must be 2 (pop-up after login) or 3 (member centre)")
	}
	if in.DisplayDevice < 0 || in.DisplayDevice > 2 {
		return MemberBulletinView{}, api.Bad("display_device", "must be 0 (both), 1 (desktop) or 2 (mobile)")
	}
	if len(in.Title) == 0 {
		return MemberBulletinView{}, api.Bad("title", "is required in at least one language")
	}
	b := MemberBulletin{SiteID: siteID, DisplayLocation: in.DisplayLocation, Published: in.Published == nil || *in.Published}
	b.ID, b.DisplayDevice, b.Sort, b.UpdatedAt = id, in.DisplayDevice, in.Sort, now.UTC().UnixMicro()
	for lang, t := range in.Title {
		if len(lang) != 5 || t == "" || utf8.RuneCountInString(t) > 200 {
			return MemberBulletinView{}, api.Bad("title", "each language needs a code and 1 to 200 characters")
		}
	}
	var err error
	b.TitleI18n = i18n.Text(in.Title)
	if b.DisplayContentI18n, err = sanitized("display_content", in.DisplayContent, 20_000); err != nil {
		return MemberBulletinView{}, err
	}
	if b.ContentI18n, err = sanitized("content", in.Content, 20_000); err != nil {
		return MemberBulletinView{}, err
	}
	id, ok, err := s.store.SaveMemberBulletin(ctx, b)
	if err != nil {
		return MemberBulletinView{}, err
	}
	if !ok {
		return MemberBulletinView{}, api.ErrNotFound
	}
	b.ID = id
	return b.view(), nil
}

// DeleteMemberBulletin removes a member bulletin.
func (s *Service) DeleteMemberBulletin(ctx context.Context, siteID, id int64) error {
	ok, err := s.store.DeleteMemberBulletin(ctx, siteID, id)
	if err == nil && !ok {
		err = api.ErrNotFound
	}
	return err
}

// AllMemberBulletins lists the site's member bulletins for the operator.
func (s *Service) AllMemberBulletins(ctx context.Context, siteID int64) ([]MemberBulletinView, error) {
	rows, err := s.store.AllMemberBulletins(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]MemberBulletinView, len(rows))
	for i, r := range rows {
		out[i] = r.view()
	}
	return out, nil
}

// MemberRoutes registers the member bulletin calls on members (a router
// that requires a session). Answers are per member, so never cached.
func (h *Handler) MemberRoutes(members api.Router, now func() time.Time) {
	members.Post("/api/arks/web/bulletin/member", func(r *http.Request) (any, error) {
		var q MemberBulletinQuery
		if err := api.Decode(r, &q); err != nil {
			return nil, err
		}
		p, _ := auth.From(r.Context())
		return h.svc.MemberBulletins(r.Context(), p, q, api.Lang(r.Context()))
	})
	members.Post("/api/arks/web/bulletin/member/hide", func(r *http.Request) (any, error) {
		var q MemberBulletinQuery
		if err := api.Decode(r, &q); err != nil {
			return nil, err
		}
		p, _ := auth.From(r.Context())
		return h.svc.HideMemberBulletins(r.Context(), p, q, now())
	})
}
