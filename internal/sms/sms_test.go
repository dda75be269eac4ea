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
	"gamehall/internal/testutil/testclock"
)

func setup(t *testing.T, d *db.DB) (*sms.Service, *sms.Outbox, *testclock.Clock) {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	clk := testclock.New(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	out := sms.NewOutbox(d, clk.Now)
	return sms.NewService(d, out, ratelimit.New(d, clk.Now), clk.Now), out, clk
}

func lastCode(t *testing.T, out *sms.Outbox, phone string) string {
	t.Helper()
	page, err := out.List(context.Background(), 0, phone, 0, 1)
	if err != nil || len(page.List) == 0 {
		t.Fatalf("outbox: %v %v", page, err)
	}
	f := strings.Fields(page.List[0].Body)
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
		clk.Add(sms.ResendInterval)
		if err := svc.SendCode(ctx, 1, "5551000000", "register_member", "1.1.1.1", "en_US", text); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, out, "5551000000")
		clk.Add(sms.CodeTTL + time.Second)
		if err := svc.VerifyCode(ctx, 1, "5551000000", "register_member", code); !errors.Is(err, sms.ErrCodeWrong) {
			t.Fatalf("expired code: %v", err)
		}
		clk.Add(sms.ResendInterval)
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
		if _, err := d.Exec(`UPDATE sms_credits SET credits = 5`); err != nil {
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
		if err := d.QueryRow(`SELECT credits FROM sms_credits`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if sent != 5 || refused != 7 || left != 0 {
			t.Fatalf("sent %d refused %d left %d, want 5 7 0", sent, refused, left)
		}
	})
}

// TestCapsCountRealSends: the daily cap per phone (10) and the hourly cap
// per address (20) answer 104 after that many real sends.
func TestCapsCountRealSends(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, out, clk := setup(t, d)
		text := func(code string) string { return "code " + code }
		for i := 0; i < sms.DailyPerPhone; i++ {
			if err := svc.SendCode(ctx, 1, "5554000000", "register_member", fmt.Sprintf("3.3.3.%d", i), "en_US", text); err != nil {
				t.Fatalf("send %d: %v", i, err)
			}
			clk.Add(sms.ResendInterval)
		}
		if err := svc.SendCode(ctx, 1, "5554000000", "register_member", "3.3.3.99", "en_US", text); !errors.Is(err, sms.ErrContactCS) {
			t.Fatalf("send %d to one phone in a day: %v, want 104", sms.DailyPerPhone+1, err)
		}
		for i := 0; i < sms.HourlyPerIP; i++ {
			if err := svc.SendCode(ctx, 1, fmt.Sprintf("55550000%02d", i), "register_member", "4.4.4.4", "en_US", text); err != nil {
				t.Fatalf("send %d from one address: %v", i, err)
			}
		}
		if err := svc.SendCode(ctx, 1, "5556000000", "register_member", "4.4.4.4", "en_US", text); !errors.Is(err, sms.ErrContactCS) {
			t.Fatalf("send %d from one address in an hour: %v, want 104", sms.HourlyPerIP+1, err)
		}
		if msgs := sent(t, out, "5556000000"); len(msgs) != 0 {
			t.Fatalf("a capped send was delivered: %v", msgs)
		}
	})
}

// TestDecoyAnswersLikeSendCode: a decoy obeys the same checks and limits,
// sends nothing, spends no credit and never shadows a real code.
func TestDecoyAnswersLikeSendCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, out, clk := setup(t, d)
		var before int
		if err := d.QueryRow(`SELECT credits FROM sms_credits`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		if err := svc.Decoy(ctx, 1, "", "forgot_password", "5.5.5.5"); !errors.Is(err, sms.ErrPhoneBlank) {
			t.Fatalf("blank: %v", err)
		}
		if err := svc.Decoy(ctx, 1, "55-1", "forgot_password", "5.5.5.5"); !errors.Is(err, sms.ErrPhoneInvalid) {
			t.Fatalf("invalid: %v", err)
		}
		if err := svc.SendCode(ctx, 1, "5557000000", "forgot_password", "5.5.5.5", "en_US", func(c string) string { return "code " + c }); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, out, "5557000000")
		clk.Add(sms.ResendInterval)
		if err := svc.Decoy(ctx, 1, "5557000000", "forgot_password", "5.5.5.5"); err != nil {
			t.Fatalf("decoy: %v", err)
		}
		if err := svc.Decoy(ctx, 1, "5557000000", "forgot_password", "5.5.5.5"); !errors.Is(err, sms.ErrTooSoon) {
			t.Fatalf("decoy within the resend interval: %v, want 102", err)
		}
		if msgs := sent(t, out, "5557000000"); len(msgs) != 1 {
			t.Fatalf("a decoy sent a message: %v", msgs)
		}
		if err := svc.VerifyCode(ctx, 1, "5557000000", "forgot_password", code); err != nil {
			t.Fatalf("the real code after a decoy: %v", err)
		}
		var after int
		if err := d.QueryRow(`SELECT credits FROM sms_credits`).Scan(&after); err != nil || after != before-1 {
			t.Fatalf("credits %d -> %d, want one spent (by the real send)", before, after)
		}
		if _, err := d.Exec(`UPDATE sms_credits SET credits = 0`); err != nil {
			t.Fatal(err)
		}
		if err := svc.Decoy(ctx, 1, "5558000000", "forgot_password", "5.5.5.6"); !errors.Is(err, sms.ErrNoCredits) {
			t.Fatalf("decoy without credits: %v, want 103", err)
		}
	})
}

// sent lists the outbox messages to phone.
func sent(t *testing.T, out *sms.Outbox, phone string) []sms.Message {
	t.Helper()
	page, err := out.List(context.Background(), 0, phone, 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	return page.List
}
