package rng

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"testing"
)

// The first words of a known triple, computed independently from the
// definition (HMAC blocks, big-endian words).
func TestFairFollowsTheDefinition(t *testing.T) {
	f := NewFair("server", "client", 7)
	mac := func(msg string) []byte {
		h := hmac.New(sha256.New, []byte("server"))
		h.Write([]byte(msg))
		return h.Sum(nil)
	}
	want := []byte{}
	want = append(want, mac("client:7")...)
	want = append(want, mac("client:7:1")...)
	want = append(want, mac("client:7:2")...)
	for i := range 12 {
		if got, w := f.Uint64(), binary.BigEndian.Uint64(want[i*8:]); got != w {
			t.Fatalf("word %d = %x, want %x", i, got, w)
		}
	}
}

func TestFairIsAFunctionOfTheTriple(t *testing.T) {
	a, b := NewFair("s", "c", 1), NewFair("s", "c", 1)
	for range 20 {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same triple, different words")
		}
	}
	for _, o := range []*Fair{NewFair("s2", "c", 1), NewFair("s", "c2", 1), NewFair("s", "c", 2)} {
		if o.Uint64() == NewFair("s", "c", 1).Uint64() {
			t.Fatal("a different triple gave the same first word")
		}
	}
}

// TestIntnChiSquareFair: ranges drawn from the fair stream are uniform, as
// from the other sources (nonces 0.. as rounds use them).
func TestIntnChiSquareFair(t *testing.T) {
	for _, c := range chiCases {
		var f *Fair
		nonce, left := uint64(0), 0
		stat, crit := chiStatOf(func() uint64 {
			if left == 0 {
				f, left = NewFair("chi-square", "client", nonce), 5
				nonce++
			}
			left--
			return Uint64n(f, c.n)
		}, c)
		if stat > crit {
			t.Errorf("n=%d: chi-square %.1f > %.1f", c.n, stat, crit)
		}
	}
}

func TestCommitment(t *testing.T) {
	// sha256("abc"), the FIPS 180-2 example.
	if got := Commitment("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatal(got)
	}
}
