package testutil

import (
	"fmt"
	"sync/atomic"
)

// Addrs hands out client addresses (for X-Forwarded-For), each once, so
// that per-address limits bite only where a test wants them to. The zero
// value is ready; a test package keeps one for all its servers.
type Addrs struct{ n atomic.Int32 }

// Next is an address no earlier call gave.
func (a *Addrs) Next() string {
	n := a.n.Add(1)
	return fmt.Sprintf("10.%d.%d.%d", 20+n/65536, (n/256)%256, n%256)
}
