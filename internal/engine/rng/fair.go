package rng

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strconv"
)

// Fair is the provably fair Source: its words are a pure function of a
// server seed, a client seed and a nonce, so anyone holding the three can
// replay a round (the /fair page does it in the browser).
//
// Block k (k = 0, 1, ...) is
//
//	HMAC-SHA256(key = server seed, message = client seed ":" nonce)        for k = 0
//	HMAC-SHA256(key = server seed, message = client seed ":" nonce ":" k)  for k > 0
//
// with the seeds as their UTF-8 text and the numbers in decimal. Each 32-byte
// block yields four words, bytes 0-7, 8-15, 16-23 and 24-31, each read
// big-endian. The engines reduce words to ranges with Uint64n (Lemire's
// method, rejecting the biased tail) and shuffle with Fisher–Yates, so as
// long as HMAC-SHA256 is a pseudo-random function every stop, card and ball
// is exactly uniform and the published RTP is unchanged.
//
// A Fair is used by one round on one goroutine.
type Fair struct {
	mac    hash.Hash
	prefix []byte // client seed ":" nonce
	block  int
	buf    [sha256.Size]byte
	pos    int // next unread byte of buf; len(buf) means empty
}

// NewFair returns the stream of the triple.
func NewFair(serverSeed, clientSeed string, nonce uint64) *Fair {
	f := &Fair{mac: hmac.New(sha256.New, []byte(serverSeed)), pos: sha256.Size}
	f.prefix = strconv.AppendUint([]byte(clientSeed+":"), nonce, 10)
	return f
}

// Uint64 returns the next word of the stream.
func (f *Fair) Uint64() uint64 {
	if f.pos+8 > len(f.buf) {
		f.mac.Reset()
		f.mac.Write(f.prefix)
		if f.block > 0 {
			f.mac.Write(strconv.AppendInt([]byte{':'}, int64(f.block), 10))
		}
		f.mac.Sum(f.buf[:0])
		f.block++
		f.pos = 0
	}
	v := binary.BigEndian.Uint64(f.buf[f.pos:])
	f.pos += 8
	return v
}

// Commitment is the SHA-256 of the server seed's text, in lower-case hex:
// what a player is shown before the seed is used.
func Commitment(serverSeed string) string {
	sum := sha256.Sum256([]byte(serverSeed))
	return hex.EncodeToString(sum[:])
}
