package admin

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/content"
	"gamehall/internal/inbox"
	"gamehall/internal/promo"
)

// What keeps members coming back: letters, member bulletins, red envelopes
// and the daily sign-in. The rules live in inbox, content and promo; each
// write here is audited in the transaction of the change.

// Letters is the inbox (inbox.Service).
type Letters interface {
	Resolve(ctx context.Context, siteID int64, in inbox.SendInput) (inbox.Recipients, error)
	Send(ctx context.Context, r inbox.Recipients) (inbox.SentLetter, error)
	Sent(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[inbox.SentView], error)
}

// Promotions are red envelopes and the sign-in (promo.Service).
type Promotions interface {
	SaveEnvelope(ctx context.Context, siteID, id int64, in promo.EnvelopeInput) (promo.EnvelopeView, error)
	Envelopes(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[promo.EnvelopeView], error)
	SaveSignIn(ctx context.Context, siteID int64, in promo.SignInSettings) (promo.SignInSettingsView, error)
	SignInSettingsOf(ctx context.Context, siteID int64) ([]promo.SignInSettingsView, error)
}

// MemberBulletins are the bulletins for members (content.Service).
type MemberBulletins interface {
	SaveMemberBulletin(ctx context.Context, siteID, id int64, in content.MemberBulletinInput, now time.Time) (content.MemberBulletinView, error)
	AllMemberBulletins(ctx context.Context, siteID int64) ([]content.MemberBulletinView, error)
	DeleteMemberBulletin(ctx context.Context, siteID, id int64) error
}

func (h *Handler) engageRoutes(route func(method, path string, fn api.HandlerFunc)) {
	const site = "/admin/sites/{site_id}"
	route("GET", site+"/letters", paged(h.svc.Letters))
	route("POST", site+"/letters", saved(func(ctx context.Context, a audit.Actor, siteID, _ int64, in inbox.SendInput) (inbox.SentLetter, error) {
		return h.svc.SendLetter(ctx, a, siteID, in)
	}))
	route("GET", site+"/member-bulletins", listed(h.svc.MemberBulletins))
	route("POST", site+"/member-bulletins", saved(h.svc.SaveMemberBulletin))
	route("PUT", site+"/member-bulletins/{id}", saved(h.svc.SaveMemberBulletin))
	route("DELETE", site+"/member-bulletins/{id}", deleted(h.svc.DeleteMemberBulletin))
	route("GET", site+"/red-envelopes", paged(h.svc.Envelopes))
	route("POST", site+"/red-envelopes", saved(h.svc.SaveEnvelope))
	route("PUT", site+"/red-envelopes/{id}", saved(h.svc.SaveEnvelope))
	route("GET", site+"/signin", listed(h.svc.SignInSettings))
	route("PUT", site+"/signin/{currency}", h.saveSignin)
	h.lobbyRoutes(route, site)
}

// pathID is the optional {id} of a path (0 on a create).
func pathID(r *http.Request) (int64, error) {
	v := r.PathValue("id")
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, api.Bad("id", "must be a positive integer")
	}
	return id, nil
}

// paged is a GET of one site's newest-first list (limit, before_id).
func paged[T any](list func(ctx context.Context, siteID, beforeID int64, limit int) (T, error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		before, limit, err := paging(r)
		if err != nil {
			return nil, err
		}
		return list(r.Context(), id, before, limit)
	}
}

// listed is a GET of one site's whole list.
func listed[T any](list func(ctx context.Context, siteID int64) (T, error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		id, err := siteID(r)
		if err != nil {
			return nil, err
		}
		return list(r.Context(), id)
	}
}

// saved is a create (POST, no {id}) or change (PUT .../{id}) of one site's
// item, its body decoded strictly into In.
func saved[In, Out any](save func(ctx context.Context, a audit.Actor, siteID, id int64, in In) (Out, error)) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		site, err := siteID(r)
		if err != nil {
			return nil, err
		}
		id, err := pathID(r)
		if err != nil {
			return nil, err
		}
		var in In
		if err := api.DecodeStrict(r, &in); err != nil {
			return nil, err
		}
		return save(r.Context(), actor(r), site, id, in)
	}
}

// Letters lists the site's letters.
func (s *Service) Letters(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[inbox.SentView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[inbox.SentView]{}, err
	}
	return s.Inbox.Sent(ctx, siteID, beforeID, limit)
}

// SendLetter sends a letter to a member, a list of accounts or every member
// of a currency. The recipients are found before the audited write, so the
// write holds the database only for its inserts.
func (s *Service) SendLetter(ctx context.Context, a audit.Actor, siteID int64, in inbox.SendInput) (inbox.SentLetter, error) {
	if err := s.site(ctx, siteID); err != nil {
		return inbox.SentLetter{}, err
	}
	rec, err := s.Inbox.Resolve(ctx, siteID, in)
	if err != nil {
		return inbox.SentLetter{}, err
	}
	var out inbox.SentLetter
	err = s.Audit.Write(ctx, a, "inbox.letter.send", siteID, "letter:"+in.To, func(ctx context.Context) error {
		out, err = s.Inbox.Send(ctx, rec)
		return err
	}, func() any {
		return map[string]any{"letter_id": out.ID, "to": out.To, "currency": out.Currency, "recipients": out.Recipients}
	})
	return out, err
}

// MemberBulletins lists the site's member bulletins.
func (s *Service) MemberBulletins(ctx context.Context, siteID int64) (map[string]any, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.Bulletins.AllMemberBulletins(ctx, siteID)
	return map[string]any{"list": list}, err
}

// SaveMemberBulletin creates (id 0) or changes a member bulletin.
func (s *Service) SaveMemberBulletin(ctx context.Context, a audit.Actor, siteID, id int64, in content.MemberBulletinInput) (content.MemberBulletinView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return content.MemberBulletinView{}, err
	}
	var out content.MemberBulletinView
	err := s.Audit.Write(ctx, a, "content.member_bulletin.save", siteID, "member_bulletin:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error {
			var err error
			out, err = s.Bulletins.SaveMemberBulletin(ctx, siteID, id, in, time.Now())
			return err
		}, func() any {
			return map[string]any{"id": out.ID, "display_location": out.DisplayLocation, "published": out.Published}
		})
	return out, err
}

// DeleteMemberBulletin removes a member bulletin.
func (s *Service) DeleteMemberBulletin(ctx context.Context, a audit.Actor, siteID, id int64) (map[string]any, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	err := s.Audit.Write(ctx, a, "content.member_bulletin.delete", siteID, "member_bulletin:"+strconv.FormatInt(id, 10),
		func(ctx context.Context) error { return s.Bulletins.DeleteMemberBulletin(ctx, siteID, id) },
		func() any { return map[string]any{"id": id} })
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "deleted": true}, nil
}

// Envelopes lists the site's red envelopes.
func (s *Service) Envelopes(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[promo.EnvelopeView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[promo.EnvelopeView]{}, err
	}
	return s.Promos.Envelopes(ctx, siteID, beforeID, limit)
}

// SaveEnvelope creates (id 0) or changes a red envelope.
func (s *Service) SaveEnvelope(ctx context.Context, a audit.Actor, siteID, id int64, in promo.EnvelopeInput) (promo.EnvelopeView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return promo.EnvelopeView{}, err
	}
	var out promo.EnvelopeView
	err := s.Audit.Write(ctx, a, "promo.red_envelope.save", siteID, promo.EnvelopeTarget(id), func(ctx context.Context) error {
		var err error
		out, err = s.Promos.SaveEnvelope(ctx, siteID, id, in)
		return err
	}, func() any { return out })
	return out, err
}

// SignInSettings lists the site's sign-in per currency.
func (s *Service) SignInSettings(ctx context.Context, siteID int64) (map[string]any, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	list, err := s.Promos.SignInSettingsOf(ctx, siteID)
	return map[string]any{"list": list}, err
}

// SaveSignIn sets a currency's sign-in.
func (s *Service) SaveSignIn(ctx context.Context, a audit.Actor, siteID int64, in promo.SignInSettings) (promo.SignInSettingsView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return promo.SignInSettingsView{}, err
	}
	var out promo.SignInSettingsView
	err := s.Audit.Write(ctx, a, "promo.signin.save", siteID, "signin:"+in.Currency, func(ctx context.Context) error {
		var err error
		out, err = s.Promos.SaveSignIn(ctx, siteID, in)
		return err
	}, func() any { return out })
	return out, err
}

func (h *Handler) saveSignin(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	var in promo.SignInSettings
	if err := api.DecodeStrict(r, &in); err != nil {
		return nil, err
	}
	in.Currency = r.PathValue("currency")
	return h.svc.SaveSignIn(r.Context(), actor(r), id, in)
}
