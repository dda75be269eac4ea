package admin

import (
	"context"
	"net/http"
	"strconv"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/content"
)

// The lobby marquee (announcements) and the visitors' promotion bulletins:
// the rules live in content; each write is audited in its transaction and
// drops this node's cached public answers after the commit, so the marquee
// and the pop-up show the change at the next request.

// Lobby is what the operator API needs of the marquee and the promotion
// bulletins (content.Service).
type Lobby interface {
	AllAnnouncements(ctx context.Context, siteID int64) (content.List[content.AnnouncementView], error)
	SaveAnnouncement(ctx context.Context, siteID, id int64, in content.AnnouncementInput) (content.AnnouncementView, error)
	DeleteAnnouncement(ctx context.Context, siteID, id int64) error
	AllBulletins(ctx context.Context, siteID int64) (content.List[content.BulletinView], error)
	SaveBulletin(ctx context.Context, siteID, id int64, in content.BulletinInput) (content.BulletinView, error)
	DeleteBulletin(ctx context.Context, siteID, id int64) error
}

func (h *Handler) lobbyRoutes(route func(method, path string, fn api.HandlerFunc), site string) {
	route("GET", site+"/announcements", listed(h.svc.Announcements))
	route("POST", site+"/announcements", saved(h.svc.SaveAnnouncement))
	route("PUT", site+"/announcements/{id}", saved(h.svc.SaveAnnouncement))
	route("DELETE", site+"/announcements/{id}", deleted(h.svc.DeleteAnnouncement))
	route("GET", site+"/bulletins", listed(h.svc.LobbyBulletins))
	route("POST", site+"/bulletins", saved(h.svc.SaveLobbyBulletin))
	route("PUT", site+"/bulletins/{id}", saved(h.svc.SaveLobbyBulletin))
	route("DELETE", site+"/bulletins/{id}", deleted(h.svc.DeleteLobbyBulletin))
}

// deleted is a DELETE of one site's item by its {id}.
func deleted(del func(ctx context.Context, a audit.Actor, siteID, id int64) (map[string]any, error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		site, err := siteID(r)
		if err != nil {
			return nil, err
		}
		id, err := pathID(r)
		if err != nil {
			return nil, err
		}
		return del(r.Context(), actor(r), site, id)
	}
}

// lobbyWrite runs an audited write of the marquee or the bulletins and
// drops the cached public answers once it committed.
func (s *Service) lobbyWrite(ctx context.Context, a audit.Actor, action string, siteID int64, target string,
	write func(ctx context.Context) error, detail func() any) error {
	if err := s.site(ctx, siteID); err != nil {
		return err
	}
	if err := s.Audit.Write(ctx, a, action, siteID, target, write, detail); err != nil {
		return err
	}
	s.dropCaches()
	return nil
}

// Announcements lists the site's marquee announcements.
func (s *Service) Announcements(ctx context.Context, siteID int64) (content.List[content.AnnouncementView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.List[content.AnnouncementView]{}, err
	}
	return s.Lobby.AllAnnouncements(ctx, siteID)
}

// SaveAnnouncement creates (id 0) or replaces an announcement.
func (s *Service) SaveAnnouncement(ctx context.Context, a audit.Actor, siteID, id int64, in content.AnnouncementInput) (content.AnnouncementView, error) {
	var out content.AnnouncementView
	err := s.lobbyWrite(ctx, a, "content.announcement.save", siteID, "announcement:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error {
			var err error
			out, err = s.Lobby.SaveAnnouncement(ctx, siteID, id, in)
			return err
		}, func() any {
			return map[string]any{"id": out.ID, "published": out.Published, "before_login": out.DisplayBeforeLogin,
				"after_login": out.DisplayAfterLogin}
		})
	return out, err
}

// DeleteAnnouncement removes an announcement.
func (s *Service) DeleteAnnouncement(ctx context.Context, a audit.Actor, siteID, id int64) (map[string]any, error) {
	err := s.lobbyWrite(ctx, a, "content.announcement.delete", siteID, "announcement:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error { return s.Lobby.DeleteAnnouncement(ctx, siteID, id) },
		func() any { return map[string]any{"id": id} })
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "deleted": true}, nil
}

// LobbyBulletins lists the site's promotion bulletins.
func (s *Service) LobbyBulletins(ctx context.Context, siteID int64) (content.List[content.BulletinView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.List[content.BulletinView]{}, err
	}
	return s.Lobby.AllBulletins(ctx, siteID)
}

// SaveLobbyBulletin creates (id 0) or replaces a promotion bulletin.
func (s *Service) SaveLobbyBulletin(ctx context.Context, a audit.Actor, siteID, id int64, in content.BulletinInput) (content.BulletinView, error) {
	var out content.BulletinView
	err := s.lobbyWrite(ctx, a, "content.bulletin.save", siteID, "bulletin:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error {
			var err error
			out, err = s.Lobby.SaveBulletin(ctx, siteID, id, in)
			return err
		}, func() any {
			return map[string]any{"id": out.ID, "popup": out.Popup, "published": out.Published, "display_device": out.DisplayDevice}
		})
	return out, err
}

// DeleteLobbyBulletin removes a promotion bulletin.
func (s *Service) DeleteLobbyBulletin(ctx context.Context, a audit.Actor, siteID, id int64) (map[string]any, error) {
	err := s.lobbyWrite(ctx, a, "content.bulletin.delete", siteID, "bulletin:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error { return s.Lobby.DeleteBulletin(ctx, siteID, id) },
		func() any { return map[string]any{"id": id} })
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "deleted": true}, nil
}
