package tracking_test

import (
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

func TestRecordsOnceAndHashesPersonalData(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		body := `{"eventName":"CompleteRegistration","eventTime":1790000000,"eventID":"reg-42",
			"userData":{"em":" Player@Mail.Test ","ph":"5551234567","client_user_agent":"UA"},"customData":{"currency":"USD"}}`
		for i := 0; i < 2; i++ {
			if res := s.Post("/api/fb_tracking", body); res.Code != 100 {
				t.Fatalf("record: %d %s", res.Code, res.Message)
			}
		}
		var n int
		var payload string
		if err := d.QueryRow(`SELECT COUNT(*), MAX(payload) FROM fb_events`).Scan(&n, &payload); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("a retried event was stored %d times", n)
		}
		if strings.Contains(payload, "player@mail.test") || strings.Contains(payload, "5551234567") {
			t.Fatalf("personal data stored in clear: %s", payload)
		}
		// sha256("player@mail.test")
		if !strings.Contains(payload, `"em":"`) || !strings.Contains(payload, `"client_user_agent":"UA"`) {
			t.Fatalf("payload %s", payload)
		}
		for _, bad := range []string{`{"eventName":"","eventID":"x"}`, `{"eventName":"Purchase","eventID":""}`,
			`{"eventName":"Drop table","eventID":"x"}`, `{"eventName":5}`} {
			if res := s.Post("/api/fb_tracking", bad); res.Code != 400 {
				t.Errorf("%s: %d", bad, res.Code)
			}
		}
	})
}
