package realtime

import "testing"

func TestAllowed(t *testing.T) {
	cases := []struct {
		user, currency, channel string
		ok, presence            bool
	}{
		{"", "", "web_member", true, false},
		{"", "", "web_api.USD", true, false},
		{"", "", "template", true, false},
		{"", "", "bob_mobile_template", true, false},
		{"", "", "member.7", false, false},
		{"7", "USD", "member.7", true, false},
		{"7", "USD", "member.8", false, false},
		{"7", "USD", "member.70", false, false},
		{"7", "USD", "member.USD", true, true},
		{"7", "USD", "member.VND", false, true},
		{"", "", "member.USD", false, true},
		{"7", "USD", "web_api.usd", false, false},
		{"7", "USD", "admin", false, false},
		{"7", "USD", "member.7.extra", false, false},
	}
	for _, c := range cases {
		opts, ok := Allowed(c.user, c.currency, c.channel)
		if ok != c.ok || (ok && opts.EmitPresence != c.presence) {
			t.Errorf("user %q %s: ok=%v presence=%v, want %v %v", c.user, c.channel, ok, opts.EmitPresence, c.ok, c.presence)
		}
	}
}
