package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/app"
	"gamehall/internal/audit"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/wallet"
)

const adminUsage = `usage: gamehall admin [flags] <command> [args]

commands (site: --site-id):
  deposits [STATUS]              list deposit orders (pending, paid, declined, expired)
  deposits confirm ORDER_NO      confirm a bank transfer arrived
  withdrawals [STATUS]           list withdrawal orders (pending, approved, paid, rejected, failed)
  withdrawals approve ORDER_NO   approve: the gateway pays it out
  withdrawals reject ORDER_NO REASON...
                                 reject: the amount goes back to the main wallet
  adjust ACCOUNT AMOUNT REASON...
                                 credit (or, with a negative amount, debit) a main wallet
  audit                          the ledger audit (exit 1 on any violation)

Every write is audited as the operator API's are (address "terminal").
`

// errViolations makes the audit exit non-zero.
var errViolations = errors.New("the ledger audit found violations")

// openApp opens the database the configuration names and builds the app
// (no server) for a terminal command.
func openApp(ctx context.Context, cfg config.Config) (*app.App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	a, err := app.New(cfg, newLogger(config.Config{LogLevel: "error"}, io.Discard), d)
	if err != nil {
		d.Close()
		return nil, err
	}
	return a, nil
}

// printAudit writes the report and reports violations as an error.
func printAudit(out io.Writer, r ledger.Report) error {
	fmt.Fprintf(out, "ledger audit: %d transactions, %d postings, %d accounts, %d ms\n", r.Transactions, r.Postings, r.Accounts, r.TookMS)
	for _, t := range r.Totals {
		fmt.Fprintf(out, "  %s: members %d, system %d, sum %d (minor units)\n", t.Currency, t.Members, t.System, t.Sum)
	}
	if r.Clean {
		fmt.Fprintln(out, "clean")
		return nil
	}
	for _, v := range r.Violations {
		fmt.Fprintln(out, "VIOLATION:", v)
	}
	return errViolations
}

// runAudit is gamehall audit.
func runAudit(ctx context.Context, cfg config.Config, out io.Writer) error {
	a, err := openApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	r, err := a.Operator().LedgerAudit(ctx)
	if err != nil {
		return err
	}
	return printAudit(out, r)
}

// runAdmin is gamehall admin.
func runAdmin(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(out, adminUsage)
		return errors.New("no admin command")
	}
	a, err := openApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	op := a.Operator()
	host, _ := os.Hostname()
	actor := audit.Actor{IP: "terminal", RequestID: "cli-" + host, Method: "CLI", Path: "gamehall admin " + strings.Join(args, " ")}
	site := cfg.SiteID
	show := func(v any, err error) error {
		if err != nil {
			return err
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch {
	case args[0] == "deposits" && arg(1) == "confirm" && arg(2) != "":
		return show(op.ConfirmDeposit(ctx, actor, site, arg(2)))
	case args[0] == "deposits" && len(args) <= 2:
		return show(op.Deposits(ctx, site, wallet.OrderFilter{Status: arg(1), Limit: api.MaxLimit}))
	case args[0] == "withdrawals" && (arg(1) == "approve" || arg(1) == "reject") && arg(2) != "":
		return show(op.Review(ctx, actor, site, arg(2), arg(1) == "approve", strings.Join(args[min(3, len(args)):], " ")))
	case args[0] == "withdrawals" && len(args) <= 2:
		return show(op.Withdrawals(ctx, site, wallet.OrderFilter{Status: arg(1), Limit: api.MaxLimit}))
	case args[0] == "adjust" && len(args) >= 4:
		var b [8]byte
		_, _ = rand.Read(b[:])
		return show(op.Adjust(ctx, actor, site, wallet.AdjustInput{Account: args[1], Amount: json.RawMessage(args[2]),
			Reason: strings.Join(args[3:], " "), RequestID: "cli-" + hex.EncodeToString(b[:])}))
	case args[0] == "audit" && len(args) == 1:
		r, err := op.LedgerAudit(ctx)
		if err != nil {
			return err
		}
		return printAudit(out, r)
	}
	fmt.Fprint(out, adminUsage)
	return fmt.Errorf("unknown admin command %q", strings.Join(args, " "))
}
