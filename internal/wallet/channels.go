package wallet

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/i18n"
	"gamehall/internal/money"
)

// Channel is a payment channel of a site, currency and direction.
type Channel struct {
	ID           int64  `json:"id"`
	SiteID       int64  `json:"site_id"`
	Currency     string `json:"currency"`
	Direction    string `json:"direction"` // deposit or withdrawal
	Kind         string `json:"kind"`      // gateway or bank_transfer
	Gateway      string `json:"gateway"`
	NameI18n     string `json:"name_i18n"`
	Min          int64  `json:"min_amount"`
	Max          int64  `json:"max_amount"`
	FeeBP        int    `json:"fee_bp"`
	FeeFixed     int64  `json:"fee_fixed"`
	FeeMax       int64  `json:"fee_max"`
	DailyCount   int    `json:"daily_count"` // withdrawals a member may ask a day (0: no limit)
	Instructions string `json:"instructions"`
	Sort         int    `json:"sort"`
	Active       bool   `json:"active"`
}

// Directions and kinds of channels.
const (
	DirDeposit    = "deposit"
	DirWithdrawal = "withdrawal"
	KindGateway   = "gateway"
	KindBank      = "bank_transfer"
)

// ChannelView is a channel as the member sees it.
type ChannelView struct {
	ID         int64          `json:"id"`
	Name       string         `json:"name"`
	Kind       string         `json:"kind"`
	Min        money.Amount   `json:"min"`
	Max        money.Amount   `json:"max"`
	Fee        FeeView        `json:"fee"`
	DailyCount int            `json:"daily_count"`
	Bank       map[string]any `json:"bank,omitempty"`
	Sort       int            `json:"sort"`
}

// FeeView is a channel's fee rule.
type FeeView struct {
	Percent string       `json:"percent"` // e.g. "1.5" (of the amount)
	Fixed   money.Amount `json:"fixed"`
	Max     money.Amount `json:"max"` // 0: no cap
}

func (c Channel) view(lang, fallback string, exp int) ChannelView {
	v := ChannelView{ID: c.ID, Name: i18n.Pick(c.NameI18n, lang, fallback), Kind: c.Kind,
		Min: money.Amount{Minor: c.Min, Exp: exp}, Max: money.Amount{Minor: c.Max, Exp: exp},
		Fee: FeeView{Percent: money.Amount{Minor: int64(c.FeeBP), Exp: 2}.String(), Fixed: money.Amount{Minor: c.FeeFixed, Exp: exp},
			Max: money.Amount{Minor: c.FeeMax, Exp: exp}},
		DailyCount: c.DailyCount, Sort: c.Sort}
	if c.Kind == KindBank && c.Direction == DirDeposit {
		_ = json.Unmarshal([]byte(c.Instructions), &v.Bank)
	}
	return v
}

// Channels lists the active channels of the member's currency in one
// direction.
func (s *Service) Channels(ctx context.Context, siteID int64, currency, direction, lang, fallback string) ([]ChannelView, error) {
	if direction != DirDeposit && direction != DirWithdrawal {
		return nil, api.Bad("type", "must be deposit or withdrawal")
	}
	exp, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return nil, err
	}
	list, err := s.store.channels(ctx, siteID, currency, direction, true)
	if err != nil {
		return nil, err
	}
	out := make([]ChannelView, 0, len(list))
	for _, c := range list {
		if c.Kind == KindGateway && s.gateways[c.Gateway] == nil {
			continue // a gateway this node does not run
		}
		out = append(out, c.view(lang, fallback, exp))
	}
	return out, nil
}

// channel loads an active channel of the member's currency and direction.
func (s *Service) channel(ctx context.Context, siteID, id int64, currency, direction string) (Channel, error) {
	c, err := s.store.channel(ctx, id)
	if err != nil || c.SiteID != siteID || c.Currency != currency || c.Direction != direction || !c.Active {
		if err == nil || isNotFound(err) {
			return Channel{}, ErrChannel
		}
		return Channel{}, err
	}
	if c.Kind == KindGateway && s.gateways[c.Gateway] == nil {
		return Channel{}, ErrChannel
	}
	return c, nil
}

// checkLimits answers 311/312 for an amount outside the channel's range,
// naming the amount field and the limit it passed.
func (c Channel) checkLimits(amount int64, exp int) error {
	if amount < c.Min {
		return ErrBelowMin.With("must be at least " + money.Amount{Minor: c.Min, Exp: exp}.String())
	}
	if amount > c.Max {
		return ErrAboveMax.With("must be at most " + money.Amount{Minor: c.Max, Exp: exp}.String())
	}
	return nil
}

// ChannelInput is an operator's channel (amounts in minor units).
type ChannelInput struct {
	ID           int64             `json:"id"` // 0: a new channel
	Currency     string            `json:"currency"`
	Direction    string            `json:"direction"`
	Kind         string            `json:"kind"`
	Gateway      string            `json:"gateway"`
	Name         map[string]string `json:"name"`
	Min          int64             `json:"min_amount"`
	Max          int64             `json:"max_amount"`
	FeeBP        int               `json:"fee_bp"`
	FeeFixed     int64             `json:"fee_fixed"`
	FeeMax       int64             `json:"fee_max"`
	DailyCount   int               `json:"daily_count"`
	Instructions map[string]string `json:"instructions"` // bank transfer: bank, account_no, account_name
	Sort         int               `json:"sort"`
	Active       bool              `json:"active"`
}

// SaveChannel creates or changes a channel of the site.
func (s *Service) SaveChannel(ctx context.Context, siteID int64, in ChannelInput) (Channel, error) {
	in.Currency = strings.ToUpper(strings.TrimSpace(in.Currency))
	if _, err := s.exponent(ctx, siteID, in.Currency); err != nil {
		return Channel{}, api.Bad("currency", "is not offered by the site")
	}
	switch {
	case in.Direction != DirDeposit && in.Direction != DirWithdrawal:
		return Channel{}, api.Bad("direction", "must be deposit or withdrawal")
	case in.Kind != KindGateway && in.Kind != KindBank:
		return Channel{}, api.Bad("kind", "must be gateway or bank_transfer")
	case in.Kind == KindGateway && s.gateways[in.Gateway] == nil:
		return Channel{}, api.Bad("gateway", "is not a gateway of this server")
	case in.Kind == KindBank && in.Direction == DirWithdrawal:
		return Channel{}, api.Bad("kind", "withdrawals are paid out by a gateway")
	case in.Name["en_US"] == "":
		return Channel{}, api.Bad("name", "needs an en_US name")
	case len(in.Name) > 20:
		return Channel{}, api.Bad("name", "has at most 20 languages")
	case in.Min <= 0:
		return Channel{}, api.Bad("min_amount", "must be above 0")
	case in.Max < in.Min || in.Max > 1_000_000_000_000_00:
		return Channel{}, api.Bad("max_amount", "needs min_amount <= max_amount <= 100000000000000")
	case in.FeeBP < 0 || in.FeeBP > 10000:
		return Channel{}, api.Bad("fee_bp", "must be 0 to 10000 basis points")
	case in.FeeFixed < 0:
		return Channel{}, api.Bad("fee_fixed", "must not be negative")
	case in.FeeMax < 0:
		return Channel{}, api.Bad("fee_max", "must not be negative")
	case in.DailyCount < 0 || in.DailyCount > 1000:
		return Channel{}, api.Bad("daily_count", "must be 0 to 1000")
	}
	for lang, name := range in.Name {
		if len(lang) > 5 || name == "" || utf8.RuneCountInString(name) > 60 {
			return Channel{}, api.Bad("name", "names are 1 to 60 characters per language")
		}
	}
	if in.Kind != KindGateway {
		in.Gateway = ""
	}
	if in.Kind == KindBank {
		for _, k := range []string{"bank", "account_no", "account_name"} {
			if v := in.Instructions[k]; v == "" || utf8.RuneCountInString(v) > 100 {
				return Channel{}, api.Bad("instructions."+k, "is required (at most 100 characters)")
			}
		}
	}
	names, _ := json.Marshal(in.Name)
	instr, _ := json.Marshal(in.Instructions)
	if in.Instructions == nil {
		instr = []byte("{}")
	}
	c := Channel{ID: in.ID, SiteID: siteID, Currency: in.Currency, Direction: in.Direction, Kind: in.Kind, Gateway: in.Gateway,
		NameI18n: string(names), Min: in.Min, Max: in.Max, FeeBP: in.FeeBP, FeeFixed: in.FeeFixed, FeeMax: in.FeeMax,
		DailyCount: in.DailyCount, Instructions: string(instr), Sort: in.Sort, Active: in.Active}
	if in.ID != 0 {
		prev, err := s.store.channel(ctx, in.ID)
		if isNotFound(err) || (err == nil && prev.SiteID != siteID) {
			return Channel{}, api.Bad("id", "is not a channel of the site")
		}
		if err != nil {
			return Channel{}, err
		}
	}
	id, err := s.store.saveChannel(ctx, c, s.now().UTC().UnixMicro())
	if err != nil {
		return Channel{}, fmt.Errorf("save channel: %w", err)
	}
	c.ID = id
	return c, nil
}

// AllChannels lists every channel of the site (the operator's view).
func (s *Service) AllChannels(ctx context.Context, siteID int64) ([]Channel, error) {
	return s.store.allChannels(ctx, siteID)
}
