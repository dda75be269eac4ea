package load

import (
	"encoding/json"
	"net"
	"net/http"
	"time"
)

// Serve serves h on a free loopback port and returns its URL and a stop.
func Serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

// Bare is the baseline the benches measure against: a net/http handler
// that decodes a JSON body and answers a small success envelope.
func Bare() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 100, "message": "success", "data": map[string]any{"list": []int{1, 2, 3}}})
	})
}
