package keno

import (
	"errors"
	"testing"
)

// TestNewValidates: a table must name itself, offer pick counts within
// 1..10 that each pay something, and pay nothing outside them or beyond
// MaxPayX10.
func TestNewValidates(t *testing.T) {
	good := Config{Name: "t", Version: "1", MinPicks: 2, MaxPicks: 3}
	good.PayX10[2][2] = 90
	good.PayX10[3][3] = 400
	if _, err := New(good); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func(c *Config){
		"no name":             func(c *Config) { c.Name = "" },
		"picks reversed":      func(c *Config) { c.MinPicks, c.MaxPicks = 3, 2 },
		"offered, no pay":     func(c *Config) { c.MaxPicks = 4 },
		"pay outside offer":   func(c *Config) { c.PayX10[1][1] = 30 },
		"more hits than pick": func(c *Config) { c.PayX10[2][3] = 10 },
		"negative pay":        func(c *Config) { c.PayX10[3][2] = -1 },
		"pay too large":       func(c *Config) { c.PayX10[3][3] = MaxPayX10 + 1 },
	}
	for name, f := range bad {
		c := good
		f(&c)
		if _, err := New(c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestGameSettlesItsOwnTable: picks outside a game's offer are refused,
// wins follow its own table, and its RTP is the exact sum of its pays.
func TestGameSettlesItsOwnTable(t *testing.T) {
	c := Config{Name: "t", Version: "1", MinPicks: 2, MaxPicks: 2}
	c.PayX10[2][1], c.PayX10[2][2] = 10, 100
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	var drawn [Drawn]int
	for i := range drawn {
		drawn[i] = i + 1
	}
	if _, _, err := g.Settle([]int{1}, drawn, 100); !errors.Is(err, ErrPicks) {
		t.Fatalf("one pick in a two-pick game: %v", err)
	}
	if hits, win, err := g.Settle([]int{1, 2}, drawn, 100); err != nil || hits != 2 || win != 1000 {
		t.Fatalf("two hits: %d %d %v", hits, win, err)
	}
	if hits, win, err := g.Settle([]int{1, 80}, drawn, 100); err != nil || hits != 1 || win != 100 {
		t.Fatalf("one hit: %d %d %v", hits, win, err)
	}
	// P(1) = 2·20·60/(80·79), P(2) = 20·19/(80·79).
	want := (2.0*20*60*1 + 20*19*10) / (80 * 79)
	if rtp, err := g.ExactRTP(2); err != nil || rtp != want {
		t.Fatalf("RTP %v, want %v (%v)", rtp, want, err)
	}
	if g.Paytable().BestRTP() != want {
		t.Fatalf("best RTP %v", g.Paytable().BestRTP())
	}
}
