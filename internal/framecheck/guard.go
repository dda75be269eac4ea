// Package framecheck answers /check_iframe: whether an outside page may be
// shown in an iframe of the site, from its X-Frame-Options and CSP
// frame-ancestors headers. Fetching a URL a client names is a server-side
// request forgery risk, so the fetch is guarded: only http and https, never
// to loopback, private, link-local (cloud metadata included), multicast,
// unspecified, CGNAT, IPv6 unique-local or other special addresses. The
// address is checked after resolution and again at dial time, on every
// redirect, so DNS rebinding cannot slip past the check.
package framecheck

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"syscall"
)

// Resolver looks up a host's addresses (net.DefaultResolver in production).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DialFunc connects to addr, an IP literal and port that passed the guard.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// BlockedError is a refusal to reach an address.
type BlockedError struct {
	Host string
	Addr netip.Addr
}

func (e *BlockedError) Error() string {
	if e.Addr.IsValid() {
		return fmt.Sprintf("address %s of %q is not allowed", e.Addr, e.Host)
	}
	return fmt.Sprintf("host %q is not allowed", e.Host)
}

// Guard decides which addresses may be fetched.
type Guard struct {
	blocked []netip.Prefix
}

// specialRanges are the ranges beyond what netip's predicates cover:
// "this network", CGNAT, IETF and documentation ranges, benchmarking,
// reserved and broadcast, and the IPv6 ranges that embed or translate IPv4
// (NAT64, 6to4, Teredo) or are not globally routed.
const specialRanges = `0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12
192.0.0.0/24 192.0.2.0/24 192.88.99.0/24 192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24
224.0.0.0/4 240.0.0.0/4
::/128 ::1/128 ::ffff:0:0/96 64:ff9b::/96 64:ff9b:1::/48 100::/64 2001::/23 2001:db8::/32 2002::/16
fc00::/7 fe80::/10 fec0::/10 ff00::/8`

// NewGuard returns the guard.
func NewGuard() *Guard {
	g := &Guard{}
	for _, s := range strings.Fields(specialRanges) {
		g.blocked = append(g.blocked, netip.MustParsePrefix(s))
	}
	return g
}

// Allowed reports whether a may be fetched: a globally routable unicast address.
func (g *Guard) Allowed(a netip.Addr) bool {
	if !a.IsValid() {
		return false
	}
	a = a.Unmap().WithZone("")
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range g.blocked {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Control is the net.Dialer hook: it refuses a socket to a blocked address,
// whatever name resolution said before.
func (g *Guard) Control(network, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return &BlockedError{Host: address}
	}
	a, err := netip.ParseAddr(host)
	if err != nil || !g.Allowed(a) {
		return &BlockedError{Host: host, Addr: a}
	}
	return nil
}

// checkHost refuses names that can only mean this machine or its network,
// and hosts written as numbers in a form other than a plain IP literal
// ("2130706433", "0x7f.1"), which some resolvers read as addresses.
func checkHost(host string) error {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if h == "" {
		return &BlockedError{Host: host}
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || h == "localhost.localdomain" ||
		strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".internal") || !strings.Contains(h, ".") && !strings.Contains(h, ":") {
		return &BlockedError{Host: host}
	}
	if _, err := netip.ParseAddr(h); err == nil {
		return nil
	}
	numeric := true
	for _, label := range strings.Split(h, ".") {
		if !numericLabel(label) {
			numeric = false
			break
		}
	}
	if numeric {
		return &BlockedError{Host: host}
	}
	return nil
}

func numericLabel(s string) bool {
	if s == "" {
		return false
	}
	if rest, ok := strings.CutPrefix(s, "0x"); ok {
		s = rest
		for _, c := range s {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
		return true
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// resolve answers host's addresses, refusing the host when any is blocked
// (a name that also points inside is not trusted for its public answers).
func (g *Guard) resolve(ctx context.Context, r Resolver, host string) ([]netip.Addr, error) {
	if err := checkHost(host); err != nil {
		return nil, err
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if !g.Allowed(a) {
			return nil, &BlockedError{Host: host, Addr: a}
		}
		return []netip.Addr{a}, nil
	}
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", host, err)
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("resolve %s: no addresses", host)
	}
	for _, a := range addrs {
		if !g.Allowed(a) {
			return nil, &BlockedError{Host: host, Addr: a}
		}
	}
	return addrs, nil
}
