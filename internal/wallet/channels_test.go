package wallet_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/wallet"
)

// Each rule of the operator's channel form refuses with 400 naming the
// field at fault, and writes nothing.
func TestSaveChannelNamesTheField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ctx := context.Background()
		good := func() wallet.ChannelInput {
			return wallet.ChannelInput{Currency: "USD", Direction: "deposit", Kind: "bank_transfer", Name: map[string]string{"en_US": "Wire"},
				Min: 10_00, Max: 500_00, Instructions: map[string]string{"bank": "Demo Bank", "account_no": "1", "account_name": "Gamehall"}}
		}
		manyNames := map[string]string{"en_US": "Wire"}
		for _, l := range strings.Split("aa ab ac ad ae af ag ah ai aj ak al am an ao ap aq ar as at", " ") {
			manyNames[l] = "Wire"
		}
		count := func() int {
			t.Helper()
			list, err := e.svc.AllChannels(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			return len(list)
		}
		before := count()
		for _, c := range []struct {
			name, field string
			change      func(*wallet.ChannelInput)
		}{
			{"currency not offered", "currency", func(in *wallet.ChannelInput) { in.Currency = "XXX" }},
			{"unknown direction", "direction", func(in *wallet.ChannelInput) { in.Direction = "sideways" }},
			{"unknown kind", "kind", func(in *wallet.ChannelInput) { in.Kind = "cash" }},
			{"unknown gateway", "gateway", func(in *wallet.ChannelInput) { in.Kind, in.Gateway = "gateway", "nope" }},
			{"bank transfer withdrawal", "kind", func(in *wallet.ChannelInput) { in.Direction = "withdrawal" }},
			{"no en_US name", "name", func(in *wallet.ChannelInput) { in.Name = map[string]string{"vi_VN": "Chuyển khoản"} }},
			{"21 languages", "name", func(in *wallet.ChannelInput) { in.Name = manyNames }},
			{"name of 61 characters", "name", func(in *wallet.ChannelInput) { in.Name["zh_CN"] = strings.Repeat("汇", 61) }},
			{"min zero", "min_amount", func(in *wallet.ChannelInput) { in.Min = 0 }},
			{"max under min", "max_amount", func(in *wallet.ChannelInput) { in.Max = in.Min - 1 }},
			{"max over the cap", "max_amount", func(in *wallet.ChannelInput) { in.Max = 1_000_000_000_000_01 }},
			{"fee over 100%", "fee_bp", func(in *wallet.ChannelInput) { in.FeeBP = 10001 }},
			{"negative fee", "fee_bp", func(in *wallet.ChannelInput) { in.FeeBP = -1 }},
			{"negative fixed fee", "fee_fixed", func(in *wallet.ChannelInput) { in.FeeFixed = -1 }},
			{"negative fee cap", "fee_max", func(in *wallet.ChannelInput) { in.FeeMax = -1 }},
			{"daily count over 1000", "daily_count", func(in *wallet.ChannelInput) { in.DailyCount = 1001 }},
			{"no bank", "instructions.bank", func(in *wallet.ChannelInput) { delete(in.Instructions, "bank") }},
			{"account number of 101", "instructions.account_no", func(in *wallet.ChannelInput) { in.Instructions["account_no"] = strings.Repeat("1", 101) }},
			{"no account name", "instructions.account_name", func(in *wallet.ChannelInput) { in.Instructions["account_name"] = "" }},
			{"another site's channel", "id", func(in *wallet.ChannelInput) { in.ID = 999_999 }},
		} {
			in := good()
			c.change(&in)
			_, err := e.svc.SaveChannel(ctx, 1, in)
			var ae *api.Error
			if !errors.As(err, &ae) || ae.Code != api.CodeInvalid || ae.Field != c.field {
				t.Errorf("%s: %v, want 400 naming %s", c.name, err, c.field)
			}
		}
		if n := count(); n != before {
			t.Fatalf("refused channels were written: %d channels, had %d", n, before)
		}
		if _, err := e.svc.SaveChannel(ctx, 1, good()); err != nil || count() != before+1 {
			t.Fatalf("a good channel: %v", err)
		}
	})
}
