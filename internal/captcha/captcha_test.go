package captcha_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/captcha"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
	"gamehall/internal/testutil"
	"gamehall/internal/testutil/testclock"
)

func service(d *db.DB, dev bool) (*captcha.Service, *testclock.Clock) {
	clk := testclock.New(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	return captcha.New(d, ratelimit.New(d, clk.Now), clk.Now, dev), clk
}

func TestVerifyIsSingleUseExpiresAndKeepsItsKind(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clk := service(d, true)
		issue := func(kind int) string {
			t.Helper()
			ch, err := svc.Issue(ctx, 1, kind, "1.2.3.4", "en_US", "")
			if err != nil {
				t.Fatal(err)
			}
			return ch.Token
		}
		tok := issue(captcha.KindLogin)
		if err := svc.Verify(ctx, tok, captcha.DevAnswer, captcha.KindLogin); err != nil {
			t.Fatalf("right answer: %v", err)
		}
		if err := svc.Verify(ctx, tok, captcha.DevAnswer, captcha.KindLogin); !errors.Is(err, captcha.ErrWrong) {
			t.Fatalf("second use: %v", err)
		}
		// One try per image: a wrong answer spends it.
		tok = issue(captcha.KindLogin)
		if err := svc.Verify(ctx, tok, "0000", captcha.KindLogin); !errors.Is(err, captcha.ErrWrong) {
			t.Fatalf("wrong answer: %v", err)
		}
		if err := svc.Verify(ctx, tok, captcha.DevAnswer, captcha.KindLogin); !errors.Is(err, captcha.ErrWrong) {
			t.Fatalf("right answer after a wrong one: %v", err)
		}
		// Five minutes of life.
		tok = issue(captcha.KindRegister)
		clk.Add(5*time.Minute - time.Second)
		if err := svc.Verify(ctx, tok, " "+captcha.DevAnswer+" ", captcha.KindRegister); err != nil {
			t.Fatalf("just before expiry: %v", err)
		}
		tok = issue(captcha.KindRegister)
		clk.Add(5 * time.Minute)
		if err := svc.Verify(ctx, tok, captcha.DevAnswer, captcha.KindRegister); !errors.Is(err, captcha.ErrWrong) {
			t.Fatalf("expired: %v", err)
		}
		// A register captcha does not answer a login, and is spent trying.
		tok = issue(captcha.KindRegister)
		if err := svc.Verify(ctx, tok, captcha.DevAnswer, captcha.KindLogin); !errors.Is(err, captcha.ErrWrong) {
			t.Fatalf("kind mismatch: %v", err)
		}
		for _, c := range [][2]string{{"", captcha.DevAnswer}, {issue(captcha.KindLogin), ""}, {"forged", captcha.DevAnswer}} {
			if err := svc.Verify(ctx, c[0], c[1], captcha.KindLogin); !errors.Is(err, captcha.ErrWrong) {
				t.Fatalf("token %q answer %q: %v", c[0], c[1], err)
			}
		}
		if _, err := svc.Issue(ctx, 1, 3, "1.2.3.4", "en_US", ""); err == nil {
			t.Fatal("kind 3 issued")
		}
		// Sweep forgets expired captchas only.
		live := issue(captcha.KindLogin)
		clk.Add(time.Minute)
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		var expired int
		if err := d.QueryRow(`SELECT COUNT(*) FROM captchas WHERE expires_at < $1`, clk.Now().UnixMicro()).Scan(&expired); err != nil || expired != 0 {
			t.Fatalf("%d expired captchas after sweep (%v)", expired, err)
		}
		if err := svc.Verify(ctx, live, captcha.DevAnswer, captcha.KindLogin); err != nil {
			t.Fatalf("live captcha after sweep: %v", err)
		}
	})
}

// answerOf recovers a random answer from its stored hash (10,000 candidates).
func answerOf(t *testing.T, d *db.DB, token string) string {
	t.Helper()
	var hash string
	if err := d.QueryRow(`SELECT answer_hash FROM captchas WHERE token_hash = $1`, secret.HashToken(token)).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10000; i++ {
		if a := fmt.Sprintf("%04d", i); secret.HashToken(a) == hash {
			return a
		}
	}
	t.Fatal("stored answer hash matches no 4-digit answer")
	return ""
}

// TestAnswerNeverInTheResponse: the answer is drawn in the PNG and stored
// hashed; no field of the response (nor the stored row) carries it.
func TestAnswerNeverInTheResponse(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	svc, _ := service(d, false)
	for i := 0; i < 20; i++ {
		ch, err := svc.Issue(ctx, 1, captcha.KindLogin, "1.2.3.4", "en_US", "enter the digits")
		if err != nil {
			t.Fatal(err)
		}
		answer := answerOf(t, d, ch.Token)
		if strings.Contains(ch.Token, answer) || strings.Contains(ch.Placeholder, answer) {
			t.Fatalf("answer %s in token %q or placeholder %q", answer, ch.Token, ch.Placeholder)
		}
		png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(ch.Captcha, "data:image/png;base64,"))
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Fatalf("captcha is not a PNG data URL: %.40s", ch.Captcha)
		}
		if bytes.Contains(png, []byte(answer)) {
			t.Fatalf("answer %s as text inside the PNG", answer)
		}
		var stored string
		if err := d.QueryRow(`SELECT answer_hash FROM captchas WHERE token_hash = $1`, secret.HashToken(ch.Token)).Scan(&stored); err != nil || stored == answer {
			t.Fatalf("answer stored in clear (%v)", err)
		}
		if err := svc.Verify(ctx, ch.Token, answer, captcha.KindLogin); err != nil {
			t.Fatalf("the recovered answer must be the answer: %v", err)
		}
	}
}

// TestCaptchaEndpoint: /captcha answers token, image and placeholder (never
// the answer, 1234 under --dev) and 101 past 30 a minute per address.
func TestCaptchaEndpoint(t *testing.T) {
	s := testutil.NewServer(t, dbtest.SQLite(t), testutil.Dev, testutil.TrustLoopback)
	res := s.Post("/api/captcha", `{"type":1,"site_id":1}`, "X-Forwarded-For", "198.51.100.7")
	var ch map[string]string
	res.Decode(t, &ch)
	if res.Code != 100 || ch["token"] == "" || !strings.HasPrefix(ch["captcha"], "data:image/png;base64,") || ch["placeholder"] == "" {
		t.Fatalf("captcha: %d %v", res.Code, ch)
	}
	delete(ch, "captcha")
	raw, _ := json.Marshal(ch)
	if strings.Contains(string(raw), captcha.DevAnswer) || len(ch) != 2 {
		t.Fatalf("fields besides the image: %s", raw)
	}
	for i := 1; i < 30; i++ {
		s.Post("/api/captcha", `{"type":2,"site_id":1}`, "X-Forwarded-For", "198.51.100.7")
	}
	if res := s.Post("/api/captcha", `{"type":1,"site_id":1}`, "X-Forwarded-For", "198.51.100.7"); res.Code != 101 {
		t.Fatalf("31st in a minute: %d, want 101", res.Code)
	}
	if res := s.Post("/api/captcha", `{"type":1,"site_id":99}`, "X-Forwarded-For", "198.51.100.8"); res.Code != 404 {
		t.Fatalf("unknown site: %d", res.Code)
	}
}
