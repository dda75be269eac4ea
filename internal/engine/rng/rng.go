// Package rng is the only source of randomness the game engines see.
//
// Engines take a Source and draw from it through Intn, Uint64n and Shuffle,
// which reduce 64-bit words to a range without bias. In-house rounds draw
// from Fair (provably fair: HMAC-SHA256 of the player's seeds and the
// round's nonce); other production draws use Crypto, lent one round at a
// time by a Pool. Seq and Scripted exist only so tests and simulations can
// replay a stream and must never decide a real-money outcome.
package rng

import (
	"crypto/rand"
	"math/bits"
	"sync"
)

// Source yields uniformly distributed 64-bit words.
type Source interface {
	Uint64() uint64
}

// cryptoBufSize amortises the cost of crypto/rand over 512 words, so a spin
// that needs five numbers does not pay for five reads.
const cryptoBufSize = 4096

// Crypto is a Source backed by crypto/rand, read a buffer at a time.
//
// A Crypto is not safe for concurrent use: one goroutine owns it at a time
// (a Pool lends it to one round, then takes it back). The zero value is
// ready to use.
type Crypto struct {
	_   noCopy
	buf [cryptoBufSize]byte
	pos int // next unread byte; len(buf) means empty
	ok  bool
}

// noCopy makes go vet reject copies of a Crypto: a copy would carry the
// same unread buffer, and two sessions would see the same numbers.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// NewCrypto returns a Crypto source.
func NewCrypto() *Crypto { return &Crypto{} }

// Uint64 returns the next word. Consumed bytes are zeroed so a later memory
// disclosure cannot reveal the numbers behind past outcomes.
func (c *Crypto) Uint64() uint64 {
	if !c.ok || c.pos+8 > len(c.buf) {
		// Since Go 1.24 crypto/rand.Read never returns an error: it crashes
		// the program instead, which is what a casino wants rather than
		// silently dealing from a broken generator.
		_, _ = rand.Read(c.buf[:])
		c.pos, c.ok = 0, true
	}
	b := c.buf[c.pos : c.pos+8 : c.pos+8]
	v := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	clear(b)
	c.pos += 8
	return v
}

// Pool lends buffered Crypto sources to one round at a time; it is safe for
// concurrent use. A round borrows a source with Get and hands it back with
// Put, so the 4 KiB crypto/rand read is shared by many rounds instead of
// paid by each (a slot round uses a handful of words). Every word is still
// read from crypto/rand once and used once, and consumed bytes are wiped.
// The zero value is ready to use.
type Pool struct {
	p sync.Pool
}

// NewPool returns an empty pool.
func NewPool() *Pool { return &Pool{} }

// Get lends a source to the caller until it calls Put.
func (p *Pool) Get() Source {
	if c, ok := p.p.Get().(*Crypto); ok {
		return c
	}
	return NewCrypto()
}

// Put takes back a source from Get; the caller must not use it afterwards.
// Sources that did not come from Get are ignored.
func (p *Pool) Put(src Source) {
	if c, ok := src.(*Crypto); ok {
		p.p.Put(c)
	}
}

// Uint64n returns a uniform value in [0, n). It panics if n == 0.
//
// Lemire's nearly-divisionless method: x*n spans [0, n*2^64); its high word
// is the result and its low word tells whether x fell in the short last
// slice of the range. Words whose low part is below 2^64 mod n are rejected
// and redrawn, so every result covers exactly floor(2^64/n) words. The
// division to find 2^64 mod n only happens when the low word is small, which
// for n far below 2^64 is almost never.
func Uint64n(src Source, n uint64) uint64 {
	if n == 0 {
		panic("rng: Uint64n with n == 0")
	}
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n // 2^64 mod n, computed in 64 bits
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// Intn returns a uniform value in [0, n). It panics if n <= 0.
func Intn(src Source, n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	return int(Uint64n(src, uint64(n)))
}

// Shuffle permutes n elements uniformly (Fisher–Yates): every one of the n!
// orders is equally likely because position i is filled by a uniform choice
// among the i+1 elements not yet placed. It panics if n < 0.
func Shuffle(src Source, n int, swap func(i, j int)) {
	if n < 0 {
		panic("rng: Shuffle with n < 0")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, Intn(src, i+1))
	}
}

// Seq is a deterministic splitmix64 stream for tests and simulations ONLY.
// Anyone who learns the seed (or two outputs) can predict every later value,
// so it must never decide a real-money outcome.
type Seq struct {
	state uint64
}

// NewSeq returns a Seq starting from seed.
func NewSeq(seed uint64) *Seq { return &Seq{state: seed} }

// Uint64 returns the next word of the stream.
func (s *Seq) Uint64() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Scripted replays fixed words, for tests ONLY: it lets a test force an
// exact sequence of draws (a chosen reel stop, a rejected word). It panics
// when the script runs out, so a test never silently reads past its script.
type Scripted struct {
	vals []uint64
	next int
}

// NewScripted returns a source that yields vals in order.
func NewScripted(vals ...uint64) *Scripted { return &Scripted{vals: vals} }

// Uint64 returns the next scripted word.
func (s *Scripted) Uint64() uint64 {
	if s.next >= len(s.vals) {
		panic("rng: Scripted source exhausted")
	}
	v := s.vals[s.next]
	s.next++
	return v
}

// Used reports how many words have been read.
func (s *Scripted) Used() int { return s.next }

// Left reports how many words remain unread.
func (s *Scripted) Left() int { return len(s.vals) - s.next }

// WordFor returns a word that Uint64n(·, n) maps to k on its first draw,
// without rejection; tests use it to script outcomes. It panics unless
// k < n.
func WordFor(n, k uint64) uint64 {
	if k >= n {
		panic("rng: WordFor with k >= n")
	}
	// The smallest x with x*n >= k*2^64 + (2^64 mod n) has high word k and
	// a low word at or above the rejection threshold.
	thresh := -n % n
	q, r := bits.Div64(k, thresh, n)
	if r != 0 {
		q++
	}
	return q
}
