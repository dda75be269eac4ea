package config

import (
	"io"
	"net/netip"
	"strings"
	"testing"
	"time"

	"gamehall/internal/secret"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestEnvThenFlags(t *testing.T) {
	c, err := Load("serve", []string{"--addr", ":9000"}, env(map[string]string{
		"GAMEHALL_ADDR": ":7000", "GAMEHALL_SITE_ID": "3", "GAMEHALL_DEV": "true",
		"GAMEHALL_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7/32", "GAMEHALL_CONTENT_CACHE_TTL": "5s",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9000" || c.SiteID != 3 || !c.Dev || c.ContentCacheTTL != 5*time.Second {
		t.Fatalf("config = %+v", c)
	}
	if len(c.TrustedProxies) != 2 || c.TrustedProxies[1] != netip.MustParsePrefix("192.168.1.7/32") {
		t.Fatalf("proxies = %v", c.TrustedProxies)
	}
}

func TestRefusals(t *testing.T) {
	cases := map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"dev with production": {[]string{"--dev", "--production"}, nil, "exclude each other"},
		"bad env int":         {nil, map[string]string{"GAMEHALL_SITE_ID": "x"}, "GAMEHALL_SITE_ID"},
		"bad database url":    {[]string{"--database-url", "mysql://x"}, nil, "postgres://"},
		"bad log format":      {[]string{"--log-format", "xml"}, nil, "log format"},
		"bad proxy":           {[]string{"--trusted-proxies", "nonsense"}, nil, "trusted proxies"},
		"zero site":           {[]string{"--site-id", "0"}, nil, "site id"},
	}
	for name, c := range cases {
		_, err := Load("serve", c.args, env(c.env), io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", name, err, c.want)
		}
	}
}

func TestAdminKey(t *testing.T) {
	hexKey := strings.Repeat("ab", 32)                       // 32 bytes as hex
	b64Key := "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=" // 32 bytes, standard base64
	urlKey := "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA"  // 32 bytes, raw URL base64
	short := strings.Repeat("ab", 31)                        // 31 bytes
	for name, c := range map[string]struct {
		args []string
		env  map[string]string
		want string // "" accepted, else part of the error
	}{
		"off by default":   {nil, nil, ""},
		"hex flag":         {[]string{"--admin-key", hexKey}, nil, ""},
		"base64 env":       {nil, map[string]string{"GAMEHALL_ADMIN_KEY": b64Key}, ""},
		"raw url base64":   {[]string{"--admin-key", urlKey}, nil, ""},
		"with dev":         {[]string{"--dev", "--admin-key", hexKey}, nil, ""},
		"too short":        {[]string{"--admin-key", short}, nil, "at least 32 bytes"},
		"not encoded":      {[]string{"--admin-key", "correct horse battery staple correct horse"}, nil, "base64 or hex"},
		"flag wins on env": {[]string{"--admin-key", short}, map[string]string{"GAMEHALL_ADMIN_KEY": hexKey}, "at least 32 bytes"},
	} {
		c2, err := Load("serve", c.args, env(c.env), io.Discard)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: err = %v, want it to mention %q", name, err, c.want)
		case c.want != "" && (strings.Contains(err.Error(), short) || strings.Contains(err.Error(), "horse")):
			t.Errorf("%s: the error repeats the key: %v", name, err)
		case c.want == "" && name == "hex flag" && c2.AdminKey != hexKey:
			t.Errorf("%s: key %q", name, c2.AdminKey)
		}
	}
}

// The binary hashes members' passwords at the OWASP cost whatever it is
// told: the cost is no flag and no variable (only tests lower it).
func TestPasswordsHashAtTheOWASPCost(t *testing.T) {
	c, err := Load("serve", nil, env(map[string]string{"GAMEHALL_PASSWORD_HASH": "cheap"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.PasswordHash != secret.OWASP {
		t.Fatalf("password hash %+v, want OWASP %+v", c.PasswordHash, secret.OWASP)
	}
}
