package content

import (
	"context"
	"encoding/json"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/i18n"
	"gamehall/internal/sanitize"
)

// Page kinds: promotions (/discount/{id}), FAQ entries (/faq/{id}), content
// pages (/main/{id}) and the app download page (/app).
const (
	KindDiscount = "discount"
	KindFAQ      = "faq"
	KindMain     = "main"
	KindApp      = "app"
)

// Kinds are the page kinds, for the operator's paths.
var Kinds = []string{KindDiscount, KindFAQ, KindMain, KindApp}

// ErrPageNotFound answers an id that is unknown, of another site or kind,
// switched off, or a promotion outside its dates: the client shows its
// page-not-found screen.
var ErrPageNotFound = api.NewError(api.CodeNotFound, "page_not_found")

// PageItem is a page as the list shows it.
type PageItem struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Summary   string `json:"summary"`
	Image     string `json:"image"`
	StartAt   string `json:"start_at"`
	EndAt     string `json:"end_at"`
	Sort      int    `json:"sort"`
	UpdatedAt string `json:"updated_at"`
}

// PageDetail is a page with its HTML.
type PageDetail struct {
	PageItem
	Content string `json:"content"`
}

func wireTime(micros int64) string {
	if micros == 0 {
		return ""
	}
	return api.FormatTime(micros)
}

func (s *Service) item(r PageRow, lang, defLang string) PageItem {
	return PageItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, lang, defLang), Summary: i18n.Pick(r.SummaryI18n, lang, defLang),
		Image: r.Image, StartAt: wireTime(r.StartsAt), EndAt: wireTime(r.EndsAt), Sort: r.Sort, UpdatedAt: api.FormatTime(r.UpdatedAt)}
}

// Pages lists the live pages of kind in lang (falling back to the site's
// default language, then en_US).
func (s *Service) Pages(ctx context.Context, siteID int64, kind, lang string) (List[PageItem], error) {
	defLang, err := s.sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return List[PageItem]{}, err
	}
	rows, err := s.store.LivePages(ctx, siteID, kind, s.now().UTC().UnixMicro())
	if err != nil {
		return List[PageItem]{}, err
	}
	out := List[PageItem]{List: make([]PageItem, len(rows))}
	for i, r := range rows {
		out.List[i] = s.item(r, lang, defLang)
	}
	return out, nil
}

// Detail is the {detail: ...} shape of single-item answers.
type Detail[T any] struct {
	Detail T `json:"detail"`
}

// Page is one live page of kind; id 0 means the first one (the app page
// has no id in its route).
func (s *Service) Page(ctx context.Context, siteID int64, kind string, id int64, lang string) (Detail[PageDetail], error) {
	defLang, err := s.sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return Detail[PageDetail]{}, err
	}
	now := s.now().UTC().UnixMicro()
	var row PageRow
	found := false
	if id == 0 {
		rows, err := s.store.LivePages(ctx, siteID, kind, now)
		if err != nil {
			return Detail[PageDetail]{}, err
		}
		if len(rows) > 0 {
			row, found = rows[0], true
		}
	} else if id > 0 {
		if row, found, err = s.store.LivePage(ctx, siteID, kind, id, now); err != nil {
			return Detail[PageDetail]{}, err
		}
	}
	if !found {
		return Detail[PageDetail]{}, ErrPageNotFound
	}
	// Stored HTML was sanitised when written; it is rebuilt again here so a
	// row written any other way cannot reach a browser unsanitised.
	return Detail[PageDetail]{Detail: PageDetail{PageItem: s.item(row, lang, defLang),
		Content: sanitize.HTML(i18n.Pick(row.BodyI18n, lang, defLang))}}, nil
}

// HasPage reports whether the site has the page of kind with id, shown now
// or not (a bonus rule may be attached to a promotion scheduled for later).
func (s *Service) HasPage(ctx context.Context, siteID int64, kind string, id int64) (bool, error) {
	return s.store.HasPage(ctx, siteID, kind, id)
}

// PageExists reports whether the site shows the page of kind with id now
// (the HTML route answers 404 when not).
func (s *Service) PageExists(ctx context.Context, siteID int64, kind string, id int64) (bool, error) {
	_, ok, err := s.store.LivePage(ctx, siteID, kind, id, s.now().UTC().UnixMicro())
	return ok, err
}

// --- the operator's side ---

// PageInput is a page as the operator writes it: text per language.
type PageInput struct {
	Title   map[string]string `json:"title"`
	Summary map[string]string `json:"summary"`
	// Body is HTML, rebuilt by the sanitiser before it is stored.
	Body     map[string]string `json:"body" maxlen:"65536"`
	Image    string            `json:"image"`
	StartsAt string            `json:"starts_at"`
	EndsAt   string            `json:"ends_at"`
	Active   *bool             `json:"active"`
	Sort     int               `json:"sort"`
}

// PageAdmin is a page as the operator reads it.
type PageAdmin struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Title     map[string]string `json:"title"`
	Summary   map[string]string `json:"summary"`
	Body      map[string]string `json:"body"`
	Image     string            `json:"image"`
	StartsAt  string            `json:"starts_at"`
	EndsAt    string            `json:"ends_at"`
	Active    bool              `json:"active"`
	Sort      int               `json:"sort"`
	CreatedAt string            `json:"created_at"`
	UpdatedAt string            `json:"updated_at"`
}

// Limits of operator page text.
const (
	maxTitle   = 200
	maxSummary = 1000
	maxSort    = 1_000_000
)

func langMap(raw string) map[string]string {
	m := map[string]string{}
	_ = json.Unmarshal([]byte(raw), &m)
	return m
}

func adminView(r PageRow) PageAdmin {
	return PageAdmin{ID: r.ID, Kind: r.Kind, Title: langMap(r.TitleI18n), Summary: langMap(r.SummaryI18n), Body: langMap(r.BodyI18n),
		Image: r.Image, StartsAt: wireTime(r.StartsAt), EndsAt: wireTime(r.EndsAt), Active: r.Active, Sort: r.Sort,
		CreatedAt: api.FormatTime(r.CreatedAt), UpdatedAt: api.FormatTime(r.UpdatedAt)}
}

// CheckKind refuses a kind that is not a page kind.
func CheckKind(kind string) error {
	for _, k := range Kinds {
		if k == kind {
			return nil
		}
	}
	return api.Bad("kind", "must be one of discount, faq, main, app")
}

// texts cleans one field's text per language: keys must be languages of
// the site, values are reduced by clean and capped at max runes.
func (s *Service) texts(ctx context.Context, siteID int64, field string, in map[string]string, max int,
	clean func(string) string) (string, error) {
	out := map[string]string{}
	for lang, v := range in {
		ok, err := s.sites.SiteLanguage(ctx, siteID, lang)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", api.Bad(field, "has a language the site does not offer")
		}
		v = clean(v)
		if len([]rune(v)) > max {
			return "", api.Bad(field, "is too long")
		}
		if v != "" {
			out[lang] = v
		}
	}
	return i18n.Text(out), nil
}

func parseTime(field, v string) (int64, error) {
	if v == "" {
		return 0, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return 0, api.Bad(field, "must be an RFC 3339 time or empty")
	}
	return t.UTC().UnixMicro(), nil
}

// pageRow checks and cleans an operator's page: plain text reduced to text,
// HTML rebuilt from the allow-list, the image a path of this site or https.
func (s *Service) pageRow(ctx context.Context, siteID int64, kind string, in PageInput) (PageRow, error) {
	if err := CheckKind(kind); err != nil {
		return PageRow{}, err
	}
	r := PageRow{SiteID: siteID, Kind: kind, Active: in.Active == nil || *in.Active, Sort: in.Sort,
		UpdatedAt: s.now().UTC().UnixMicro()}
	var err error
	if r.TitleI18n, err = s.texts(ctx, siteID, "title", in.Title, maxTitle, sanitize.Text); err != nil {
		return PageRow{}, err
	}
	if r.TitleI18n == "{}" {
		return PageRow{}, api.Bad("title", "is required in at least one language")
	}
	if r.SummaryI18n, err = s.texts(ctx, siteID, "summary", in.Summary, maxSummary, sanitize.Text); err != nil {
		return PageRow{}, err
	}
	if r.BodyI18n, err = s.texts(ctx, siteID, "body", in.Body, 65536, sanitize.HTML); err != nil {
		return PageRow{}, err
	}
	if in.Image != "" {
		img, ok := sanitize.ImageURL(in.Image)
		if !ok {
			return PageRow{}, api.Bad("image", "must be a path of this site or an https URL")
		}
		r.Image = img
	}
	if r.StartsAt, err = parseTime("starts_at", in.StartsAt); err != nil {
		return PageRow{}, err
	}
	if r.EndsAt, err = parseTime("ends_at", in.EndsAt); err != nil {
		return PageRow{}, err
	}
	if r.EndsAt != 0 && r.EndsAt <= r.StartsAt {
		return PageRow{}, api.Bad("ends_at", "must be after starts_at")
	}
	if in.Sort < 0 || in.Sort > maxSort {
		return PageRow{}, api.Bad("sort", "must be between 0 and 1000000")
	}
	return r, nil
}

// AdminPages lists every page of kind, hidden ones included.
func (s *Service) AdminPages(ctx context.Context, siteID int64, kind string) (List[PageAdmin], error) {
	if err := CheckKind(kind); err != nil {
		return List[PageAdmin]{}, err
	}
	rows, err := s.store.AllPages(ctx, siteID, kind)
	if err != nil {
		return List[PageAdmin]{}, err
	}
	out := List[PageAdmin]{List: make([]PageAdmin, len(rows))}
	for i, r := range rows {
		out.List[i] = adminView(r)
	}
	return out, nil
}

// CreatePage stores a new page of kind.
func (s *Service) CreatePage(ctx context.Context, siteID int64, kind string, in PageInput) (PageAdmin, error) {
	r, err := s.pageRow(ctx, siteID, kind, in)
	if err != nil {
		return PageAdmin{}, err
	}
	r, err = s.store.InsertPage(ctx, r)
	return adminView(r), err
}

// UpdatePage replaces a page of kind.
func (s *Service) UpdatePage(ctx context.Context, siteID int64, kind string, id int64, in PageInput) (PageAdmin, error) {
	r, err := s.pageRow(ctx, siteID, kind, in)
	if err != nil {
		return PageAdmin{}, err
	}
	r.ID = id
	r, ok, err := s.store.UpdatePage(ctx, r)
	if err != nil {
		return PageAdmin{}, err
	}
	if !ok {
		return PageAdmin{}, ErrPageNotFound
	}
	return adminView(r), nil
}

// DeletePage removes a page of kind.
func (s *Service) DeletePage(ctx context.Context, siteID int64, kind string, id int64) error {
	if err := CheckKind(kind); err != nil {
		return err
	}
	ok, err := s.store.DeletePage(ctx, siteID, kind, id)
	if err == nil && !ok {
		err = ErrPageNotFound
	}
	return err
}
