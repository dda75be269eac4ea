package framecheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Options configure a Checker; zero values are the production settings.
type Options struct {
	// Resolver resolves host names; nil is net.DefaultResolver.
	Resolver Resolver
	// Dial connects to a checked IP literal; nil is a net.Dialer whose
	// Control hook re-checks the address of the socket.
	Dial DialFunc
	// Timeout bounds one check, redirects included (3 s).
	Timeout time.Duration
	// MaxRedirects bounds the redirects followed (5).
	MaxRedirects int
	// ReadLimit bounds the body bytes read (16 KiB): only headers matter.
	ReadLimit int64
}

// Checker fetches a page and tells whether it may be framed.
type Checker struct {
	guard    *Guard
	resolver Resolver
	dial     DialFunc
	client   *http.Client
	timeout  time.Duration
	limit    int64
}

// New returns a Checker.
func New(o Options) *Checker {
	if o.Timeout <= 0 {
		o.Timeout = 3 * time.Second
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = 5
	}
	if o.ReadLimit <= 0 {
		o.ReadLimit = 16 << 10
	}
	c := &Checker{guard: NewGuard(), resolver: o.Resolver, dial: o.Dial, timeout: o.Timeout, limit: o.ReadLimit}
	if c.resolver == nil {
		c.resolver = net.DefaultResolver
	}
	if c.dial == nil {
		d := &net.Dialer{Timeout: o.Timeout, Control: c.guard.Control}
		c.dial = d.DialContext
	}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would dial for us, past the guard
		DialContext:            c.dialContext,
		DisableKeepAlives:      true,
		TLSHandshakeTimeout:    o.Timeout,
		ResponseHeaderTimeout:  o.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
	}
	c.client = &http.Client{
		Transport: transport,
		Timeout:   o.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > o.MaxRedirects-1 {
				return errTooManyRedirects
			}
			if err := checkURL(req.URL); err != nil {
				return err
			}
			_, err := c.guard.resolve(req.Context(), c.resolver, req.URL.Hostname())
			return err
		},
	}
	return c
}

var errTooManyRedirects = errors.New("too many redirects")

// dialContext resolves the host, refuses it when any address is blocked and
// dials the checked addresses themselves, so the name is not resolved again.
func (c *Checker) dialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	addrs, err := c.guard.resolve(ctx, c.resolver, host)
	if err != nil {
		return nil, err
	}
	var last error
	for _, a := range addrs {
		conn, err := c.dial(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return conn, nil
		}
		last = err
	}
	return nil, last
}

// ErrURL is a URL that is not an absolute http or https URL we would fetch.
var ErrURL = errors.New("url must be an absolute http or https URL without credentials")

// ParseURL validates a URL to check.
func ParseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > 2048 {
		return nil, ErrURL
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrURL, err)
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	return u, nil
}

func checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil || u.Opaque != "" {
		return ErrURL
	}
	return nil
}

// Result is the /check_iframe answer.
type Result struct {
	URL        string `json:"url"`
	FinalURL   string `json:"final_url"`
	StatusCode int    `json:"status_code"`
	CanIframe  int    `json:"can_iframe"`
	// Reason names why framing is refused: x_frame_options,
	// csp_frame_ancestors, http_status or unreachable; "" when allowed.
	Reason string `json:"reason"`
}

// Reasons of a refusal.
const (
	ReasonXFO         = "x_frame_options"
	ReasonCSP         = "csp_frame_ancestors"
	ReasonHTTPStatus  = "http_status"
	ReasonUnreachable = "unreachable"
)

// Check fetches rawURL (following redirects under the guard) and answers
// whether a page of selfOrigin ("https://example.com", "" when unknown) may
// frame it. A blocked address anywhere on the way answers a *BlockedError;
// an invalid URL ErrURL; a page that cannot be fetched (or redirects to
// another scheme) a refusal with reason unreachable.
func (c *Checker) Check(ctx context.Context, rawURL, selfOrigin string) (Result, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrURL, err)
	}
	req.Header.Set("User-Agent", "gamehall-frame-check/1")
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
	out := Result{URL: u.String(), FinalURL: u.String()}
	res, err := c.client.Do(req)
	if err != nil {
		var blocked *BlockedError
		if errors.As(err, &blocked) {
			return Result{}, blocked
		}
		// Timeouts, refused connections, TLS failures, redirect loops and
		// redirects to other schemes: the page cannot be shown.
		out.Reason = ReasonUnreachable
		return out, nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, c.limit))
	_ = res.Body.Close()
	out.FinalURL = res.Request.URL.String()
	out.StatusCode = res.StatusCode
	if res.StatusCode >= 400 {
		out.Reason = ReasonHTTPStatus
		return out, nil
	}
	if ok, reason := Frameable(res.Header, origin(res.Request.URL), selfOrigin); ok {
		out.CanIframe = 1
	} else {
		out.Reason = reason
	}
	return out, nil
}

// origin is scheme://host[:port] of u, lower case, default ports dropped.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if port == "" || scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		return scheme + "://" + host
	}
	return scheme + "://" + host + ":" + port
}

// NormalizeOrigin turns an Origin header or URL into the form origin gives;
// "" when it is not an http(s) origin.
func NormalizeOrigin(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return origin(u)
}

// Frameable applies the browser's rules to a response's headers: when any
// enforced CSP has frame-ancestors, every such policy must allow selfOrigin
// and X-Frame-Options is ignored; otherwise X-Frame-Options decides (HTML
// standard: DENY refuses, SAMEORIGIN needs the same origin, conflicting
// values refuse, unknown values are ignored).
func Frameable(h http.Header, pageOrigin, selfOrigin string) (bool, string) {
	var lists [][]string
	for _, header := range h.Values("Content-Security-Policy") {
		for policy := range strings.SplitSeq(header, ",") {
			for directive := range strings.SplitSeq(policy, ";") {
				f := strings.Fields(directive)
				if len(f) > 0 && strings.EqualFold(f[0], "frame-ancestors") {
					lists = append(lists, f[1:])
					break
				}
			}
		}
	}
	if len(lists) > 0 {
		for _, sources := range lists {
			if !ancestorAllowed(sources, pageOrigin, selfOrigin) {
				return false, ReasonCSP
			}
		}
		return true, ""
	}
	set := map[string]bool{}
	for _, header := range h.Values("X-Frame-Options") {
		for v := range strings.SplitSeq(header, ",") {
			if v = strings.ToLower(strings.TrimSpace(v)); v != "" {
				set[v] = true
			}
		}
	}
	switch {
	case len(set) > 1 && (set["deny"] || set["sameorigin"] || set["allowall"]):
		return false, ReasonXFO
	case len(set) > 1:
		return true, ""
	case set["deny"]:
		return false, ReasonXFO
	case set["sameorigin"]:
		if selfOrigin == "" || selfOrigin != pageOrigin {
			return false, ReasonXFO
		}
	}
	return true, ""
}

// ancestorAllowed matches selfOrigin against a frame-ancestors source list.
func ancestorAllowed(sources []string, pageOrigin, selfOrigin string) bool {
	self, _ := url.Parse(selfOrigin)
	for _, src := range sources {
		s := strings.ToLower(src)
		switch {
		case s == "'none'":
			continue
		case s == "*":
			return true
		case s == "'self'":
			if selfOrigin != "" && selfOrigin == pageOrigin {
				return true
			}
		case selfOrigin == "" || self == nil:
			continue
		case strings.HasSuffix(s, ":") && !strings.Contains(s, "/"):
			if schemeMatches(strings.TrimSuffix(s, ":"), self.Scheme) {
				return true
			}
		default:
			if hostSourceMatches(s, self) {
				return true
			}
		}
	}
	return false
}

// schemeMatches: a source scheme allows itself and its secure upgrade.
func schemeMatches(src, scheme string) bool {
	return src == scheme || src == "http" && scheme == "https"
}

// hostSourceMatches matches [scheme://]host[:port][/path] against origin u.
func hostSourceMatches(src string, u *url.URL) bool {
	scheme := ""
	if i := strings.Index(src, "://"); i >= 0 {
		scheme, src = src[:i], src[i+3:]
		if !schemeMatches(scheme, u.Scheme) {
			return false
		}
	}
	if i := strings.IndexByte(src, '/'); i >= 0 {
		src = src[:i]
	}
	host, port := src, ""
	if i := strings.LastIndexByte(src, ':'); i >= 0 && !strings.HasSuffix(src, "]") {
		host, port = src[:i], src[i+1:]
	}
	selfHost := strings.ToLower(u.Hostname())
	switch {
	case strings.HasPrefix(host, "*."):
		if !strings.HasSuffix(selfHost, host[1:]) {
			return false
		}
	case strings.Trim(host, "[]") != selfHost:
		return false
	}
	selfPort := u.Port()
	if selfPort == "" {
		selfPort = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	if port == "" {
		if scheme == "" || scheme == u.Scheme {
			port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
		} else {
			port = map[string]string{"http": "80", "https": "443"}[scheme]
			// http://host without a port also allows https://host on 443.
			if scheme == "http" && u.Scheme == "https" && selfPort == "443" {
				return true
			}
		}
	}
	return port == "*" || port == selfPort
}
