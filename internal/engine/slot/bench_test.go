package slot

import (
	"testing"

	"gamehall/internal/engine/rng"
)

func BenchmarkEvaluateWindow(b *testing.B) {
	g := Classic()
	src := rng.NewSeq(1)
	ws := make([]Window, 1024)
	for i := range ws {
		o, _ := g.Spin(src, 1, BaseGame)
		ws[i] = o.Window
	}
	i := 0
	for b.Loop() {
		_, _ = g.EvaluateWindow(ws[i%len(ws)], 1, BaseGame)
		i++
	}
}

func BenchmarkSpin(b *testing.B) {
	g := Classic()
	src := rng.NewSeq(1)
	for b.Loop() {
		_, _ = g.Spin(src, 1, BaseGame)
	}
}

func BenchmarkPlayRound(b *testing.B) {
	g := Classic()
	src := rng.NewSeq(1)
	for b.Loop() {
		_, _ = g.PlayRound(src, 1)
	}
}
