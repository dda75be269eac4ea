package admin

import (
	"context"
	"net/http"
	"strconv"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/content"
)

// Content is what the operator API needs of lobby content (content.Service).
type Content interface {
	AdminPages(ctx context.Context, siteID int64, kind string) (content.List[content.PageAdmin], error)
	CreatePage(ctx context.Context, siteID int64, kind string, in content.PageInput) (content.PageAdmin, error)
	UpdatePage(ctx context.Context, siteID int64, kind string, id int64, in content.PageInput) (content.PageAdmin, error)
	DeletePage(ctx context.Context, siteID int64, kind string, id int64) error
	ReplaceFooter(ctx context.Context, siteID int64, groups []content.FooterGroupInput, lang string) (content.List[content.FooterGroup], error)
	ReplaceMobileFooter(ctx context.Context, siteID int64, template string, items []content.NavInput, lang string) (content.List[content.NavItem], error)
	ReplaceFloat(ctx context.Context, siteID int64, items []content.NavInput, lang string) (content.List[content.NavItem], error)
	ReplaceBanners(ctx context.Context, siteID int64, useType int, items []content.BannerInput) (map[string][]content.Banner, error)
	AdminFooter(ctx context.Context, siteID int64) ([]content.FooterGroupInput, error)
	AdminMobileFooter(ctx context.Context, siteID int64, template string) ([]content.NavInput, error)
	AdminFloat(ctx context.Context, siteID int64) ([]content.NavInput, error)
	AdminBanners(ctx context.Context, siteID int64, useType int) ([]content.BannerInput, error)
}

func (h *Handler) contentRoutes(route func(method, path string, fn api.HandlerFunc), site string) {
	route("GET", site+"/pages/{kind}", h.pages)
	route("POST", site+"/pages/{kind}", h.createPage)
	route("PUT", site+"/pages/{kind}/{id}", h.updatePage)
	route("DELETE", site+"/pages/{kind}/{id}", h.deletePage)
	route("GET", site+"/footer", h.readList(func(r *http.Request, id int64) (any, error) {
		groups, err := h.svc.Content.AdminFooter(r.Context(), id)
		return map[string]any{"groups": groups}, err
	}))
	route("GET", site+"/mobile-footer", h.readList(func(r *http.Request, id int64) (any, error) {
		template := r.URL.Query().Get("template")
		items, err := h.svc.Content.AdminMobileFooter(r.Context(), id, template)
		return map[string]any{"template": template, "items": items}, err
	}))
	route("GET", site+"/float", h.readList(func(r *http.Request, id int64) (any, error) {
		items, err := h.svc.Content.AdminFloat(r.Context(), id)
		return map[string]any{"items": items}, err
	}))
	route("GET", site+"/banners/{use_type}", h.readList(func(r *http.Request, id int64) (any, error) {
		useType, err := strconv.Atoi(r.PathValue("use_type"))
		if err != nil {
			return nil, api.Bad("use_type", "must be 0, 1 or 2")
		}
		items, err := h.svc.Content.AdminBanners(r.Context(), id, useType)
		return map[string]any{"items": items}, err
	}))
	route("PUT", site+"/footer", h.replaceFooter)
	route("PUT", site+"/mobile-footer", h.replaceMobileFooter)
	route("PUT", site+"/float", h.replaceFloat)
	route("PUT", site+"/banners/{use_type}", h.replaceBanners)
}

// readList answers a list in the shape its PUT takes, for a known site.
func (h *Handler) readList(read func(r *http.Request, siteID int64) (any, error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		if err := h.svc.site(r.Context(), id); err != nil {
			return nil, err
		}
		return read(r, id)
	}
}

func pageID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, api.Bad("id", "must be a positive integer")
	}
	return id, nil
}

func (h *Handler) pages(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Pages(r.Context(), id, r.PathValue("kind"))
}

func noCheck[B any](*B) error { return nil }

func (h *Handler) createPage(r *http.Request) (any, error) {
	id, in, err := siteAndBody(r, noCheck[content.PageInput])
	if err != nil {
		return nil, err
	}
	return h.svc.SavePage(r.Context(), actor(r), id, r.PathValue("kind"), 0, in)
}

func (h *Handler) updatePage(r *http.Request) (any, error) {
	page, err := pageID(r)
	if err != nil {
		return nil, err
	}
	id, in, err := siteAndBody(r, noCheck[content.PageInput])
	if err != nil {
		return nil, err
	}
	return h.svc.SavePage(r.Context(), actor(r), id, r.PathValue("kind"), page, in)
}

func (h *Handler) deletePage(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	page, err := pageID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.DeletePage(r.Context(), actor(r), id, r.PathValue("kind"), page)
}

// siteAndBody reads the site id and a strictly decoded body, then checks it.
func siteAndBody[B any](r *http.Request, check func(*B) error) (int64, B, error) {
	var b B
	id, err := siteID(r)
	if err != nil {
		return 0, b, err
	}
	if err := api.DecodeStrict(r, &b); err != nil {
		return 0, b, err
	}
	return id, b, check(&b)
}

// itemsBody is a list the operator replaces whole.
type itemsBody[T any] struct {
	Items *[]T `json:"items"`
}

func (b *itemsBody[T]) check() error {
	if b.Items == nil {
		return api.Bad("items", "is required (an empty list removes every entry)")
	}
	return nil
}

func (h *Handler) replaceFooter(r *http.Request) (any, error) {
	id, in, err := siteAndBody(r, func(b *struct {
		Groups *[]content.FooterGroupInput `json:"groups"`
	}) error {
		if b.Groups == nil {
			return api.Bad("groups", "is required (an empty list removes the footer)")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return h.svc.ReplaceFooter(r.Context(), actor(r), id, *in.Groups)
}

type mobileFooterBody struct {
	Template string `json:"template"`
	itemsBody[content.NavInput]
}

func (h *Handler) replaceMobileFooter(r *http.Request) (any, error) {
	id, in, err := siteAndBody(r, func(b *mobileFooterBody) error { return b.check() })
	if err != nil {
		return nil, err
	}
	return h.svc.ReplaceNav(r.Context(), actor(r), id, true, in.Template, *in.Items)
}

func (h *Handler) replaceFloat(r *http.Request) (any, error) {
	id, in, err := siteAndBody(r, (*itemsBody[content.NavInput]).check)
	if err != nil {
		return nil, err
	}
	return h.svc.ReplaceNav(r.Context(), actor(r), id, false, "", *in.Items)
}

func (h *Handler) replaceBanners(r *http.Request) (any, error) {
	useType, err := strconv.Atoi(r.PathValue("use_type"))
	if err != nil {
		return nil, api.Bad("use_type", "must be 0, 1 or 2")
	}
	id, in, err := siteAndBody(r, (*itemsBody[content.BannerInput]).check)
	if err != nil {
		return nil, err
	}
	return h.svc.ReplaceBanners(r.Context(), actor(r), id, useType, *in.Items)
}

// --- service ---

// Pages lists a site's pages of kind for the operator, hidden ones included.
func (s *Service) Pages(ctx context.Context, siteID int64, kind string) (content.List[content.PageAdmin], error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.List[content.PageAdmin]{}, err
	}
	return s.Content.AdminPages(ctx, siteID, kind)
}

// SavePage creates a page of kind (id 0) or replaces one.
func (s *Service) SavePage(ctx context.Context, a audit.Actor, siteID int64, kind string, id int64, in content.PageInput) (content.PageAdmin, error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.PageAdmin{}, err
	}
	var out content.PageAdmin
	action := "page.update"
	if id == 0 {
		action = "page.create"
	}
	err := s.Audit.Write(ctx, a, action, siteID, kind+":"+strconv.FormatInt(id, 10), func(ctx context.Context) error {
		var err error
		if id == 0 {
			out, err = s.Content.CreatePage(ctx, siteID, kind, in)
		} else {
			out, err = s.Content.UpdatePage(ctx, siteID, kind, id, in)
		}
		return err
	}, func() any {
		return map[string]any{"id": out.ID, "kind": kind, "active": out.Active, "title": out.Title}
	})
	if err == nil {
		s.dropCaches()
	}
	return out, err
}

// DeletePage removes a page.
func (s *Service) DeletePage(ctx context.Context, a audit.Actor, siteID int64, kind string, id int64) (map[string]any, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	err := s.Audit.Write(ctx, a, "page.delete", siteID, kind+":"+strconv.FormatInt(id, 10), func(ctx context.Context) error {
		return s.Content.DeletePage(ctx, siteID, kind, id)
	}, func() any { return map[string]any{"id": id, "kind": kind} })
	if err != nil {
		return nil, err
	}
	s.dropCaches()
	return map[string]any{"id": id, "deleted": true}, nil
}

// ReplaceFooter replaces the desktop footer's groups and links.
func (s *Service) ReplaceFooter(ctx context.Context, a audit.Actor, siteID int64, groups []content.FooterGroupInput) (content.List[content.FooterGroup], error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.List[content.FooterGroup]{}, err
	}
	var out content.List[content.FooterGroup]
	err := s.Audit.Write(ctx, a, "footer.replace", siteID, siteTarget(siteID), func(ctx context.Context) error {
		var err error
		out, err = s.Content.ReplaceFooter(ctx, siteID, groups, api.Lang(ctx))
		return err
	}, func() any { return map[string]any{"groups": len(groups)} })
	if err == nil {
		s.dropCaches()
	}
	return out, err
}

// ReplaceNav replaces the mobile footer of a template (mobile true) or the
// side float.
func (s *Service) ReplaceNav(ctx context.Context, a audit.Actor, siteID int64, mobile bool, template string, items []content.NavInput) (content.List[content.NavItem], error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.List[content.NavItem]{}, err
	}
	var out content.List[content.NavItem]
	action := "float.replace"
	if mobile {
		action = "mobile_footer.replace"
	}
	err := s.Audit.Write(ctx, a, action, siteID, "template:"+template, func(ctx context.Context) error {
		var err error
		if mobile {
			out, err = s.Content.ReplaceMobileFooter(ctx, siteID, template, items, api.Lang(ctx))
		} else {
			out, err = s.Content.ReplaceFloat(ctx, siteID, items, api.Lang(ctx))
		}
		return err
	}, func() any { return map[string]any{"items": len(items)} })
	if err == nil {
		s.dropCaches()
	}
	return out, err
}

// ReplaceBanners replaces the banners of one use type.
func (s *Service) ReplaceBanners(ctx context.Context, a audit.Actor, siteID int64, useType int, items []content.BannerInput) (map[string][]content.Banner, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	var out map[string][]content.Banner
	err := s.Audit.Write(ctx, a, "banners.replace", siteID, "use_type:"+strconv.Itoa(useType), func(ctx context.Context) error {
		var err error
		out, err = s.Content.ReplaceBanners(ctx, siteID, useType, items)
		return err
	}, func() any { return map[string]any{"items": len(items)} })
	if err == nil {
		s.dropCaches()
	}
	return out, err
}
