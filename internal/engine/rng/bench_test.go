package rng

import "testing"

func BenchmarkCryptoUint64(b *testing.B) {
	c := NewCrypto()
	for b.Loop() {
		c.Uint64()
	}
}

func BenchmarkSeqUint64(b *testing.B) {
	s := NewSeq(1)
	for b.Loop() {
		s.Uint64()
	}
}

func BenchmarkIntnCrypto(b *testing.B) {
	var src Source = NewCrypto()
	for b.Loop() {
		Intn(src, 30)
	}
}

func BenchmarkIntnSeq(b *testing.B) {
	var src Source = NewSeq(1)
	for b.Loop() {
		Intn(src, 30)
	}
}

// BenchmarkPoolRound is one round's worth of draws (five reel stops) from a
// pooled source, against BenchmarkNewCryptoRound's fresh source per round.
func BenchmarkPoolRound(b *testing.B) {
	var p Pool
	for b.Loop() {
		src := p.Get()
		for range 5 {
			Intn(src, 30)
		}
		p.Put(src)
	}
}

func BenchmarkNewCryptoRound(b *testing.B) {
	for b.Loop() {
		src := NewCrypto()
		for range 5 {
			Intn(src, 30)
		}
	}
}
