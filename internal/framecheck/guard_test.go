package framecheck

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"testing"
)

func TestGuardAddresses(t *testing.T) {
	g := NewGuard()
	blocked := []string{
		"127.0.0.1", "127.8.9.10", "::1", // loopback
		"10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", // private
		"169.254.169.254", "169.254.0.1", "fe80::1", "fe80::1%eth0", // link-local, cloud metadata
		"224.0.0.1", "239.255.255.250", "ff02::1", "ff05::2", // multicast
		"0.0.0.0", "::", "0.1.2.3", // unspecified, "this network"
		"100.64.0.1", "100.127.255.254", // CGNAT
		"fc00::1", "fd12:3456:789a::1", // IPv6 unique-local
		"::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:169.254.169.254", // IPv4-mapped
		"64:ff9b::a00:1", "2002:a00:1::1", "2001:0:4136:e378::1", // NAT64, 6to4, Teredo
		"192.0.2.1", "198.51.100.7", "203.0.113.9", "2001:db8::1", // documentation
		"198.18.0.1", "240.0.0.1", "255.255.255.255", "192.0.0.8", "fec0::1", "100::1",
	}
	for _, s := range blocked {
		if g.Allowed(netip.MustParseAddr(s)) {
			t.Errorf("%s allowed", s)
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001::1"} {
		if !g.Allowed(netip.MustParseAddr(s)) {
			t.Errorf("%s refused", s)
		}
	}
	if g.Allowed(netip.Addr{}) {
		t.Error("the zero address allowed")
	}
}

func TestGuardHosts(t *testing.T) {
	for _, h := range []string{"localhost", "LOCALHOST.", "api.localhost", "printer.local", "metadata.google.internal",
		"intranet", "2130706433", "0x7f.1", "127.1", "017700000001", "0x7f000001", ""} {
		if err := checkHost(h); err == nil {
			t.Errorf("host %q allowed", h)
		}
	}
	for _, h := range []string{"example.com", "deadbeef.cafe", "1.2.3.4", "::1", "a1.b2"} {
		if err := checkHost(h); err != nil {
			t.Errorf("host %q refused: %v", h, err)
		}
	}
}

// TestControlHook: the dial-time check refuses a socket to a blocked address
// even when nothing before it did.
func TestControlHook(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	g := NewGuard()
	d := &net.Dialer{Control: g.Control}
	conn, err := d.DialContext(context.Background(), "tcp", ln.Addr().String())
	if err == nil {
		conn.Close()
		t.Fatal("dialled loopback through the guard")
	}
	var blocked *BlockedError
	if !errors.As(err, &blocked) || blocked.Addr != netip.MustParseAddr("127.0.0.1") {
		t.Fatalf("error %v", err)
	}
	if err := g.Control("tcp4", "8.8.8.8:443", nil); err != nil {
		t.Fatalf("public address refused: %v", err)
	}
	if err := g.Control("tcp6", "[fd00::1]:80", nil); err == nil {
		t.Fatal("ULA allowed")
	}
}
