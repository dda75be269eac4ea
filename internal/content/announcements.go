package content

import (
	"context"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/sanitize"
)

// The operator's side of the lobby marquee (announcements) and the
// visitors' promotion bulletins (the pop-up and its history). Marquee text
// is shown as plain text, so it is reduced to text; bulletin bodies are HTML
// rebuilt from the sanitiser's allow-list. Titles and bodies are text per
// language, each a language the site offers. The operator API opens the
// transaction (with its audit row) and drops the public answers' caches
// after the commit.

// Caps of a marquee text and a bulletin's HTML per language.
const (
	maxMarqueeText  = 2000
	maxBulletinHTML = 20_000
)

// AnnouncementInput is the operator's marquee announcement.
type AnnouncementInput struct {
	Title              map[string]string `json:"title"`
	Content            map[string]string `json:"content" maxlen:"20000"`
	DisplayBeforeLogin *bool             `json:"display_before_login"`
	DisplayAfterLogin  *bool             `json:"display_after_login"`
	Sort               int               `json:"sort"`
	Published          *bool             `json:"published"`
	// CreatedAt (RFC 3339, optional) orders the marquee by created_at;
	// empty keeps the stored one (now on a create).
	CreatedAt string `json:"created_at"`
}

// AnnouncementView is an announcement as the operator reads it.
type AnnouncementView struct {
	ID                 int64             `json:"id"`
	Title              map[string]string `json:"title"`
	Content            map[string]string `json:"content"`
	DisplayBeforeLogin bool              `json:"display_before_login"`
	DisplayAfterLogin  bool              `json:"display_after_login"`
	Sort               int               `json:"sort"`
	Published          bool              `json:"published"`
	CreatedAt          string            `json:"created_at"`
}

func (a AnnouncementRow) view() AnnouncementView {
	return AnnouncementView{ID: a.ID, Title: langMap(a.TitleI18n), Content: langMap(a.ContentI18n),
		DisplayBeforeLogin: a.DisplayBeforeLogin, DisplayAfterLogin: a.DisplayAfterLogin, Sort: a.Sort, Published: a.Published,
		CreatedAt: api.FormatTime(a.CreatedAt)}
}

func orTrue(b *bool) bool { return b == nil || *b }

// announcementRow checks and cleans an operator's announcement.
func (s *Service) announcementRow(ctx context.Context, siteID int64, in AnnouncementInput) (AnnouncementRow, error) {
	a := AnnouncementRow{SiteID: siteID, Published: orTrue(in.Published)}
	a.Sort = in.Sort
	a.DisplayBeforeLogin, a.DisplayAfterLogin = orTrue(in.DisplayBeforeLogin), orTrue(in.DisplayAfterLogin)
	var err error
	if a.TitleI18n, err = s.title(ctx, siteID, "title", in.Title); err != nil {
		return AnnouncementRow{}, err
	}
	if a.ContentI18n, err = s.texts(ctx, siteID, "content", in.Content, maxMarqueeText, sanitize.Text); err != nil {
		return AnnouncementRow{}, err
	}
	if a.ContentI18n == "{}" {
		return AnnouncementRow{}, api.Bad("content", "is required in at least one language")
	}
	if !a.DisplayBeforeLogin && !a.DisplayAfterLogin {
		return AnnouncementRow{}, api.Bad("display_after_login", "an announcement shows before login, after login or both")
	}
	if err := checkSort("sort", in.Sort); err != nil {
		return AnnouncementRow{}, err
	}
	if a.CreatedAt, err = parseTime("created_at", in.CreatedAt); err != nil {
		return AnnouncementRow{}, err
	}
	return a, nil
}

// AllAnnouncements lists the site's announcements for the operator,
// unpublished ones included, in the marquee's default order.
func (s *Service) AllAnnouncements(ctx context.Context, siteID int64) (List[AnnouncementView], error) {
	rows, err := s.store.AllAnnouncements(ctx, siteID)
	if err != nil {
		return List[AnnouncementView]{}, err
	}
	out := List[AnnouncementView]{List: make([]AnnouncementView, len(rows))}
	for i, r := range rows {
		out.List[i] = r.view()
	}
	return out, nil
}

// SaveAnnouncement creates (id 0) or replaces an announcement.
func (s *Service) SaveAnnouncement(ctx context.Context, siteID, id int64, in AnnouncementInput) (AnnouncementView, error) {
	a, err := s.announcementRow(ctx, siteID, in)
	if err != nil {
		return AnnouncementView{}, err
	}
	a.ID = id
	if id == 0 && a.CreatedAt == 0 {
		a.CreatedAt = s.now().UTC().UnixMicro()
	}
	a, ok, err := s.store.SaveAnnouncement(ctx, a)
	if err != nil {
		return AnnouncementView{}, err
	}
	if !ok {
		return AnnouncementView{}, api.ErrNotFound
	}
	return a.view(), nil
}

// DeleteAnnouncement removes an announcement.
func (s *Service) DeleteAnnouncement(ctx context.Context, siteID, id int64) error {
	ok, err := s.store.DeleteAnnouncement(ctx, siteID, id)
	if err == nil && !ok {
		err = api.ErrNotFound
	}
	return err
}

// BulletinInput is the operator's promotion bulletin (the visitors'
// pop-up when popup, and the history).
type BulletinInput struct {
	Title          map[string]string `json:"title"`
	DisplayDevice  int               `json:"display_device"`
	DisplayContent map[string]string `json:"display_content" maxlen:"20000"`
	Content        map[string]string `json:"content" maxlen:"20000"`
	Sort           int               `json:"sort"`
	Popup          *bool             `json:"popup"`
	Published      *bool             `json:"published"`
}

// BulletinView is a promotion bulletin as the operator reads it.
type BulletinView struct {
	ID             int64             `json:"id"`
	Title          map[string]string `json:"title"`
	DisplayDevice  int               `json:"display_device"`
	DisplayContent map[string]string `json:"display_content"`
	Content        map[string]string `json:"content"`
	Sort           int               `json:"sort"`
	Popup          bool              `json:"popup"`
	Published      bool              `json:"published"`
	UpdatedAt      string            `json:"updated_at"`
}

func (b BulletinRow) view() BulletinView {
	return BulletinView{ID: b.ID, Title: langMap(b.TitleI18n), DisplayDevice: b.DisplayDevice,
		DisplayContent: langMap(b.DisplayContentI18n), Content: langMap(b.ContentI18n), Sort: b.Sort, Popup: b.Popup,
		Published: b.Published, UpdatedAt: api.FormatTime(b.UpdatedAt)}
}

func (s *Service) bulletinRow(ctx context.Context, siteID int64, in BulletinInput, now time.Time) (BulletinRow, error) {
	if in.DisplayDevice < 0 || in.DisplayDevice > 2 {
		return BulletinRow{}, api.Bad("display_device", "must be 0 (both), 1 (desktop) or 2 (mobile)")
	}
	b := BulletinRow{SiteID: siteID, Popup: orTrue(in.Popup), Published: orTrue(in.Published)}
	b.DisplayDevice, b.Sort, b.UpdatedAt = in.DisplayDevice, in.Sort, now.UTC().UnixMicro()
	var err error
	if b.TitleI18n, err = s.title(ctx, siteID, "title", in.Title); err != nil {
		return BulletinRow{}, err
	}
	if b.DisplayContentI18n, err = s.texts(ctx, siteID, "display_content", in.DisplayContent, maxBulletinHTML, sanitize.HTML); err != nil {
		return BulletinRow{}, err
	}
	if b.ContentI18n, err = s.texts(ctx, siteID, "content", in.Content, maxBulletinHTML, sanitize.HTML); err != nil {
		return BulletinRow{}, err
	}
	if b.DisplayContentI18n == "{}" && b.ContentI18n == "{}" {
		return BulletinRow{}, api.Bad("display_content", "or content is required in at least one language")
	}
	if err := checkSort("sort", in.Sort); err != nil {
		return BulletinRow{}, err
	}
	return b, nil
}

// AllBulletins lists the site's promotion bulletins for the operator.
func (s *Service) AllBulletins(ctx context.Context, siteID int64) (List[BulletinView], error) {
	rows, err := s.store.AllBulletins(ctx, siteID)
	if err != nil {
		return List[BulletinView]{}, err
	}
	out := List[BulletinView]{List: make([]BulletinView, len(rows))}
	for i, r := range rows {
		out.List[i] = r.view()
	}
	return out, nil
}

// SaveBulletin creates (id 0) or replaces a promotion bulletin; a change
// moves it to the top of the history (updated_at).
func (s *Service) SaveBulletin(ctx context.Context, siteID, id int64, in BulletinInput) (BulletinView, error) {
	b, err := s.bulletinRow(ctx, siteID, in, s.now())
	if err != nil {
		return BulletinView{}, err
	}
	b.ID = id
	b, ok, err := s.store.SaveBulletin(ctx, b)
	if err != nil {
		return BulletinView{}, err
	}
	if !ok {
		return BulletinView{}, api.ErrNotFound
	}
	return b.view(), nil
}

// DeleteBulletin removes a promotion bulletin.
func (s *Service) DeleteBulletin(ctx context.Context, siteID, id int64) error {
	ok, err := s.store.DeleteBulletin(ctx, siteID, id)
	if err == nil && !ok {
		err = api.ErrNotFound
	}
	return err
}
