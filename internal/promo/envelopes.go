package promo

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/engine/rng"
	"gamehall/internal/i18n"
	"gamehall/internal/money"
)

// Envelope claim failures (spec section 8: 102 shows the message and clears
// the envelope).
var (
	ErrEnvelopeNotFound = api.NewError(101, "red_envelope_not_found")
	ErrEnvelopeEnded    = api.NewError(102, "red_envelope_ended")
	ErrEnvelopeClaimed  = api.NewError(103, "red_envelope_claimed")
	ErrNotEligible      = api.NewError(104, "red_envelope_not_eligible")
)

// Envelope is the open envelope a member may claim.
type Envelope struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	EndAt string `json:"end_at"`
}

// Current is /arks/web/activity/red_envelope_promotion: the open envelope of
// the member's currency they have not claimed and may claim (nil: none).
func (s *Service) Current(ctx context.Context, m Member, lang string) (map[string]*Envelope, error) {
	def, err := s.Sites.DefaultLanguageOf(ctx, m.SiteID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.openEnvelopes(ctx, m, s.Now().UTC().UnixMicro())
	if err != nil {
		return nil, err
	}
	for _, e := range rows {
		ok, err := s.eligible(ctx, m, e)
		if err != nil {
			return nil, err
		}
		if ok {
			return map[string]*Envelope{"envelope": {ID: e.ID, Title: i18n.Pick(e.TitleI18n, lang, def), EndAt: s.wall(e.EndAt)}}, nil
		}
	}
	return map[string]*Envelope{"envelope": nil}, nil
}

func (s *Service) eligible(ctx context.Context, m Member, e envelopeRow) (bool, error) {
	if e.DepositFrom == 0 && e.DepositTo == 0 {
		return true, nil
	}
	return s.Deposits.DepositedBetween(ctx, m, time.UnixMicro(e.DepositFrom), time.UnixMicro(e.DepositTo))
}

// Award is the claim's answer.
type Award struct {
	Cash money.Amount `json:"cash"`
}

// maxDraws bounds the retries of a claim whose draw other claims overtook.
const maxDraws = 64

// Claim is /arks/web/activity/red_envelope: one claim per member, an award
// drawn between the minimum and the maximum and never above what is left
// (the rest, when less than the minimum is left), taken by one conditional
// update and paid through the ledger in the same transaction.
func (s *Service) Claim(ctx context.Context, m Member, id int64) (Award, error) {
	if id <= 0 {
		return Award{}, api.Invalid("id", nil)
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return Award{}, err
	}
	var amount int64
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if s.Guard != nil {
			if err := s.Guard.CheckEnvelope(ctx, m.ID); err != nil {
				return err
			}
		}
		now := s.Now().UTC().UnixMicro()
		e, ok, err := s.store.envelope(ctx, m.SiteID, id)
		if err != nil {
			return err
		}
		if !ok || e.Currency != m.Currency || now < e.StartAt {
			return ErrEnvelopeNotFound
		}
		if claimed, err := s.store.claimed(ctx, id, m.ID); err != nil || claimed {
			return errors.Join(err, claimedErr(claimed))
		}
		if now >= e.EndAt {
			return ErrEnvelopeEnded
		}
		if ok, err := s.eligible(ctx, m, e); err != nil || !ok {
			return errors.Join(err, notEligible(ok))
		}
		remaining := e.Remaining
		for range maxDraws {
			if remaining <= 0 {
				return ErrEnvelopeEnded
			}
			amount = s.draw(e.MinAward, e.MaxAward, remaining)
			took, left, err := s.store.take(ctx, id, amount)
			if err != nil {
				return err
			}
			if took {
				break
			}
			remaining, amount = left, 0
		}
		if amount == 0 {
			return api.ErrBusy
		}
		claimID, ok, err := s.store.insertClaim(ctx, id, m.ID, amount, now)
		if err != nil {
			return err
		}
		if !ok {
			return ErrEnvelopeClaimed
		}
		tx, err := s.award(ctx, m, "red_envelope:"+strconv.FormatInt(claimID, 10), amount)
		if err != nil {
			return err
		}
		return s.store.setClaimTx(ctx, claimID, tx)
	})
	if err != nil {
		return Award{}, err
	}
	return Award{Cash: money.Amount{Minor: amount, Exp: exp}}, nil
}

func claimedErr(claimed bool) error {
	if claimed {
		return ErrEnvelopeClaimed
	}
	return nil
}

func notEligible(ok bool) error {
	if !ok {
		return ErrNotEligible
	}
	return nil
}

// draw is an award in [lo, hi] capped by what is left, uniform from the
// project's crypto/rand source.
func (s *Service) draw(lo, hi, left int64) int64 {
	hi = min(hi, left)
	if lo >= hi {
		return hi
	}
	src := s.rand.Get()
	defer s.rand.Put(src)
	return lo + int64(rng.Uint64n(src, uint64(hi-lo+1)))
}

// EnvelopeInput is the operator's envelope (amounts in the major unit,
// times as wall time in the site's zone).
type EnvelopeInput struct {
	Currency    string            `json:"currency"`
	Title       map[string]string `json:"title"`
	StartAt     string            `json:"start_at"`
	EndAt       string            `json:"end_at"`
	Budget      json.RawMessage   `json:"budget"`
	MinAward    json.RawMessage   `json:"min_award"`
	MaxAward    json.RawMessage   `json:"max_award"`
	DepositFrom string            `json:"deposit_from"`
	DepositTo   string            `json:"deposit_to"`
}

// EnvelopeView is an envelope as the operator sees it.
type EnvelopeView struct {
	ID          int64             `json:"id"`
	Currency    string            `json:"currency"`
	Title       map[string]string `json:"title"`
	StartAt     string            `json:"start_at"`
	EndAt       string            `json:"end_at"`
	Budget      money.Amount      `json:"budget"`
	Remaining   money.Amount      `json:"remaining"`
	MinAward    money.Amount      `json:"min_award"`
	MaxAward    money.Amount      `json:"max_award"`
	DepositFrom string            `json:"deposit_from"`
	DepositTo   string            `json:"deposit_to"`
	Claims      int64             `json:"claims"`
}

// checkEnvelope turns the operator's input into a row.
func (s *Service) checkEnvelope(ctx context.Context, siteID int64, in EnvelopeInput) (envelopeRow, error) {
	exp, err := s.exponent(ctx, siteID, in.Currency)
	if err != nil {
		return envelopeRow{}, err
	}
	e := envelopeRow{SiteID: siteID, Currency: in.Currency}
	if e.TitleI18n, err = titles(in.Title); err != nil {
		return envelopeRow{}, err
	}
	if e.StartAt, err = s.parseWall("start_at", in.StartAt); err != nil {
		return envelopeRow{}, err
	}
	if e.EndAt, err = s.parseWall("end_at", in.EndAt); err != nil {
		return envelopeRow{}, err
	}
	if e.EndAt <= e.StartAt {
		return envelopeRow{}, api.Bad("end_at", "must be after start_at")
	}
	if e.Budget, err = amountOf("budget", in.Budget, exp, false); err != nil {
		return envelopeRow{}, err
	}
	if e.MinAward, err = amountOf("min_award", in.MinAward, exp, false); err != nil {
		return envelopeRow{}, err
	}
	if e.MaxAward, err = amountOf("max_award", in.MaxAward, exp, false); err != nil {
		return envelopeRow{}, err
	}
	if e.MaxAward < e.MinAward || e.MaxAward > e.Budget {
		return envelopeRow{}, api.Bad("max_award", "must be between min_award and budget")
	}
	if in.DepositFrom != "" || in.DepositTo != "" {
		if e.DepositFrom, err = s.parseWall("deposit_from", in.DepositFrom); err != nil {
			return envelopeRow{}, err
		}
		if e.DepositTo, err = s.parseWall("deposit_to", in.DepositTo); err != nil {
			return envelopeRow{}, err
		}
		if e.DepositTo <= e.DepositFrom {
			return envelopeRow{}, api.Bad("deposit_to", "must be after deposit_from")
		}
	}
	return e, nil
}

// titles checks per-language titles and stores them.
func titles(t map[string]string) (string, error) {
	if len(t) == 0 {
		return "", api.Bad("title", "is required in at least one language")
	}
	for lang, v := range t {
		if len(lang) != 5 || v == "" || utf8.RuneCountInString(v) > 200 {
			return "", api.Bad("title", "each language needs a code and 1 to 200 characters")
		}
	}
	return i18n.Text(t), nil
}

// SaveEnvelope creates (id 0) or changes an envelope. A change keeps what
// was claimed: the budget cannot go below it. An envelope open now is shown
// at once to every online member of its currency; one that starts later is
// shown at its start by the scheduler (RunScheduler).
func (s *Service) SaveEnvelope(ctx context.Context, siteID, id int64, in EnvelopeInput) (EnvelopeView, error) {
	e, err := s.checkEnvelope(ctx, siteID, in)
	if err != nil {
		return EnvelopeView{}, err
	}
	now := s.Now().UTC().UnixMicro()
	live := e.StartAt <= now && now < e.EndAt
	var announced int64
	if live {
		announced = e.StartAt
	}
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if id == 0 {
			id, err = s.store.insertEnvelope(ctx, e, announced, now)
			return err
		}
		old, ok, err := s.store.envelope(ctx, siteID, id)
		if err != nil {
			return err
		}
		if !ok {
			return api.ErrNotFound
		}
		if old.Currency != e.Currency && old.Budget != old.Remaining {
			return api.Bad("currency", "cannot change once members claimed")
		}
		paid := old.Budget - old.Remaining
		if e.Budget < paid {
			return api.Bad("budget", "is below what members already claimed")
		}
		e.Remaining = e.Budget - paid
		return s.store.updateEnvelope(ctx, id, e, announced, now)
	})
	if err != nil {
		return EnvelopeView{}, err
	}
	if live {
		s.DB.AfterCommit(ctx, func() { s.announce(id, e) })
	} else {
		// The scheduler recomputes its next start with this one.
		s.DB.AfterCommit(ctx, s.poke)
	}
	return s.envelopeView(ctx, siteID, id)
}

func (s *Service) envelopeView(ctx context.Context, siteID, id int64) (EnvelopeView, error) {
	e, ok, err := s.store.envelope(ctx, siteID, id)
	if err != nil {
		return EnvelopeView{}, err
	}
	if !ok {
		return EnvelopeView{}, api.ErrNotFound
	}
	return s.view(ctx, e)
}

func (s *Service) view(ctx context.Context, e envelopeRow) (EnvelopeView, error) {
	exp, _, err := s.Sites.CurrencyExponent(ctx, e.SiteID, e.Currency)
	if err != nil {
		return EnvelopeView{}, err
	}
	title := map[string]string{}
	_ = json.Unmarshal([]byte(e.TitleI18n), &title)
	v := EnvelopeView{ID: e.ID, Currency: e.Currency, Title: title, StartAt: s.wall(e.StartAt), EndAt: s.wall(e.EndAt),
		Budget: money.Amount{Minor: e.Budget, Exp: exp}, Remaining: money.Amount{Minor: e.Remaining, Exp: exp},
		MinAward: money.Amount{Minor: e.MinAward, Exp: exp}, MaxAward: money.Amount{Minor: e.MaxAward, Exp: exp}, Claims: e.Claims}
	if e.DepositFrom != 0 || e.DepositTo != 0 {
		v.DepositFrom, v.DepositTo = s.wall(e.DepositFrom), s.wall(e.DepositTo)
	}
	return v, nil
}

// Envelopes lists the site's envelopes, newest first.
func (s *Service) Envelopes(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[EnvelopeView], error) {
	rows, err := s.store.envelopes(ctx, siteID, beforeID, limit)
	if err != nil {
		return api.Page[EnvelopeView]{}, err
	}
	list := make([]EnvelopeView, len(rows))
	for i, e := range rows {
		if list[i], err = s.view(ctx, e); err != nil {
			return api.Page[EnvelopeView]{}, err
		}
	}
	return api.PageOf(list, limit, func(v EnvelopeView) int64 { return v.ID }), nil
}

// EnvelopeTarget names an envelope in the audit log.
func EnvelopeTarget(id int64) string { return "red_envelope:" + strconv.FormatInt(id, 10) }
