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
