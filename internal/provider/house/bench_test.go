package house_test

import (
	"encoding/json"
	"testing"

	"gamehall/internal/engine/rng"
	"gamehall/internal/provider/house"
)

// BenchmarkDecide times the server's round path of each game without the
// database: a pooled crypto source, choices checked, engine, outcome encoded.
func BenchmarkDecide(b *testing.B) {
	games := house.NewGames()
	pool := rng.NewPool()
	for _, c := range []struct{ code, choices string }{
		{"gh_slot_fortune", `{"line_bet":10}`},
		{"gh_baccarat", `{"bets":{"player":2000,"banker":2000,"tie":1000}}`},
		{"gh_keno", `{"picks":[3,14,15,26,35,46,58,61,72,80],"stake":1000}`},
	} {
		b.Run(c.code, func(b *testing.B) {
			choices := json.RawMessage(c.choices)
			b.ReportAllocs()
			for b.Loop() {
				src := pool.Get()
				_, err := games.Decide(c.code, "USD", 2, src, choices)
				pool.Put(src)
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
