package sms_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ratelimit"
	"gamehall/internal/seed"
	"gamehall/internal/sms"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func setup(t *testing.T, d *db.DB) (*sms.Service, *sms.Outbox, *clock) {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	out := sms.NewOutbox(d, clk.now)
	return sms.NewService(d, out, ratelimit.New(d, clk.now), clk.now), out, clk
}

func lastCode(t *testing.T, out *sms.Outbox, phone string) string {
	t.Helper()
	msgs, err := out.Latest(context.Background(), phone, 1)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("outbox: %v %v", msgs, err)
	}
	f := strings.Fields(msgs[0].Body)
	return f[len(f)-1]
}

func TestCodesExpireAndAllowFiveGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, out, clk := setup(t, d)
		text := func(code string) string { return "code " + code }
		if err := svc.SendCode(ctx, 1, "5551000000", "register_member", "1.1.1.1", "en_US", text); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, out, "5551000000")
		if err := svc.VerifyCode(ctx, 1, "5551000000", "forgot_password", code); !errors.Is(err, sms.ErrCodeWrong) {
			t.Fatalf("code of another purpose: %v", err)
		}
		for i := 0; i < sms.MaxAttempts; i++ {
			if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", "000000"); !errors.Is(err, sms.ErrCodeWrong) {
				t.Fatalf("guess %d: %v", i, err)
			}
		}
		if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", code); !errors.Is(err, sms.ErrCodeWrong) {
			t.Fatalf("right code after five wrong guesses must fail: %v", err)
		}
		clk.add(sms.ResendInterval)
		if err := svc.SendCode(ctx, 1, "5551000000", "register_member", "1.1.1.1", "en_US", text); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, out, "5551000000")
		clk.add(sms.CodeTTL + time.Second)
		if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", code); !errors.Is(err, sms.ErrCodeWrong) {
			t.Fatalf("expired code: %v", err)
		}
		clk.add(sms.ResendInterval)
		_ = svc.SendCode(ctx, 1, "5551000000", "register_member", "1.1.1.1", "en_US", text)
		code = lastCode(t, out, "5551000000")
		if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", code); err != nil {
			t.Fatalf("fresh code: %v", err)
		}
		if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", code); !errors.Is(err, sms.ErrCodeWrong) {
			t.Fatalf("spent code: %v", err)
		}
	})
}

// TestCreditsAreSpentExactly: concurrent sends never overdraw the site's credit.
func TestCreditsAreSpentExactly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _, _ := setup(t, d)
		if _, err := d.Exec(`UPDATE member_settings SET sms_credits = 5`); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		sent, refused := 0, 0
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := svc.SendCode(ctx, 1, fmt.Sprintf("55520000%02d", i), "register_member", fmt.Sprintf("2.2.2.%d", i), "en_US",
					func(c string) string { return c })
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					sent++
				case errors.Is(err, sms.ErrNoCredits):
					refused++
				default:
					t.Errorf("send: %v", err)
				}
			}()
		}
		wg.Wait()
		var left int
		if err := d.QueryRow(`SELECT sms_credits FROM member_settings`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if sent != 5 || refused != 7 || left != 0 {
			t.Fatalf("sent %d refused %d left %d, want 5 7 0", sent, refused, left)
		}
	})
}
