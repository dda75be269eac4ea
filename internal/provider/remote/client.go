package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"gamehall/internal/provider"
)

// DefaultTimeout is how long the client waits for an answer.
const DefaultTimeout = 3 * time.Second

// Client is the platform's side of the sandbox provider: a provider.Wallet
// (and demo launcher) over its signed API. Any answer it cannot trust (a
// time-out, a transport error, an error code, a lost reply) is
// provider.ErrUnavailable, which leaves a transfer to the reconciler.
type Client struct {
	code  string
	base  string
	key   []byte
	games ProviderGames
	http  *http.Client
	now   func() time.Time
}

// NewClient returns the client of the provider code games.Code at base
// (scheme and host of its listener), signing with that code's key, waiting
// at most timeout.
func NewClient(base string, key []byte, games ProviderGames, timeout time.Duration) *Client {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Client{code: games.Code, base: base, key: key, games: games, http: &http.Client{Timeout: timeout}, now: time.Now}
}

// Code is the GP code of the provider.
func (c *Client) Code() string { return c.code }

// Has reports whether the provider serves the game.
func (c *Client) Has(gameCode string) bool {
	return c.games.Has(gameCode)
}

// call signs in, posts it to path and decodes the answer's data into out.
// A maintenance answer is provider.ErrMaintenance with its data decoded.
func (c *Client) call(ctx context.Context, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/v1/"+c.code+"/"+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(c.now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderTimestamp, ts)
	req.Header.Set(HeaderSignature, Sign(c.key, ts, body))
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", provider.ErrUnavailable, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%w: %s: %w", provider.ErrUnavailable, path, err)
	}
	var env struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%w: %s: HTTP %d", provider.ErrUnavailable, path, res.StatusCode)
	}
	if env.Code != codeOK && env.Code != codeMaintenance {
		return fmt.Errorf("%w: %s: code %d %s", provider.ErrUnavailable, path, env.Code, env.Message)
	}
	if out != nil && len(env.Data) > 0 {
		if err := json.Unmarshal(env.Data, out); err != nil {
			return fmt.Errorf("%w: %s: %w", provider.ErrUnavailable, path, err)
		}
	}
	if env.Code == codeMaintenance {
		return provider.ErrMaintenance
	}
	return nil
}

// Username is the player's name at the provider.
func Username(p provider.Player) string { return fmt.Sprintf("gh%d_%d", p.SiteID, p.MemberID) }

// EnsurePlayer creates the player there (idempotent).
func (c *Client) EnsurePlayer(ctx context.Context, p provider.Player) error {
	return c.call(ctx, "players", playerReq{Username: Username(p), MemberID: p.MemberID, Currency: p.Currency}, nil)
}

func (c *Client) transfer(ctx context.Context, t provider.Transfer, dir string) (provider.TransferResult, error) {
	var a transferAnswer
	err := c.call(ctx, "transfers", transferReq{OrderNo: t.OrderNo, Username: Username(t.Player), Direction: dir, Amount: t.Amount}, &a)
	if err != nil {
		// Maintenance comes with the refusal, recorded at the provider.
		return provider.TransferResult{OrderNo: t.OrderNo, Status: status(a.Status), Balance: a.Balance}, err
	}
	return provider.TransferResult{OrderNo: a.OrderNo, Status: status(a.Status), Balance: a.Balance}, nil
}

func status(s string) provider.TransferStatus {
	switch s {
	case "done":
		return provider.TransferDone
	case "failed":
		return provider.TransferFailed
	}
	return provider.TransferUnknown
}

// TransferIn credits the player's wallet there under our order number.
func (c *Client) TransferIn(ctx context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return c.transfer(ctx, t, "in")
}

// TransferOut debits it; failed when it holds less.
func (c *Client) TransferOut(ctx context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return c.transfer(ctx, t, "out")
}

// Balance is the player's wallet there.
func (c *Client) Balance(ctx context.Context, p provider.Player) (int64, error) {
	var out struct {
		Balance int64 `json:"balance"`
	}
	err := c.call(ctx, "balance", playerReq{Username: Username(p)}, &out)
	return out.Balance, err
}

// QueryTransfer asks for a transfer by our order number.
func (c *Client) QueryTransfer(ctx context.Context, orderNo string) (provider.TransferResult, error) {
	var a transferAnswer
	if err := c.call(ctx, "transfers/query", map[string]string{"order_no": orderNo}, &a); err != nil {
		return provider.TransferResult{}, err
	}
	return provider.TransferResult{OrderNo: orderNo, Status: status(a.Status), Balance: a.Balance}, nil
}

// LaunchURL opens a real-money session and answers its page (a path the
// platform proxies to the provider).
func (c *Client) LaunchURL(ctx context.Context, l provider.Launch) (string, error) {
	var out struct {
		URL string `json:"url"`
	}
	err := c.call(ctx, "launch", launchReq{Username: Username(l.Player), GameCode: l.GameCode, Currency: l.Player.Currency,
		Exponent: l.Player.Exponent, Lang: l.Lang, LobbyURL: l.LobbyURL, RealityMinutes: l.RealityMinutes, HistoryURL: l.HistoryURL,
		LimitsURL: l.LimitsURL}, &out)
	return out.URL, err
}

// StartDemo opens a play-money session at the provider.
func (c *Client) StartDemo(ctx context.Context, l provider.DemoLaunch) (string, error) {
	var out struct {
		URL string `json:"url"`
	}
	err := c.call(ctx, "launch", launchReq{GameCode: l.GameCode, Currency: l.Currency, Exponent: l.Exponent, Lang: l.Lang, Demo: true},
		&out)
	return out.URL, err
}

// Leave closes the player's sessions there.
func (c *Client) Leave(ctx context.Context, p provider.Player) error {
	return c.call(ctx, "leave", playerReq{Username: Username(p)}, nil)
}

// Rounds lists the real-money rounds settled there after the sequence
// number after.
func (c *Client) Rounds(ctx context.Context, after int64, limit int) ([]provider.Round, error) {
	var out struct {
		Rounds []roundAnswer `json:"rounds"`
	}
	if err := c.call(ctx, "rounds", map[string]any{"after": after, "limit": limit}, &out); err != nil {
		return nil, err
	}
	rs := make([]provider.Round, len(out.Rounds))
	for i, r := range out.Rounds {
		rs[i] = provider.Round{ID: r.Seq, MemberID: r.MemberID, Currency: r.Currency, GameCode: r.GameCode, GameType: slotType,
			Stake: r.Stake, Win: r.Win, At: r.At}
	}
	return rs, nil
}

// slotType is the catalogue's game type of the games served (spec: 2 slot).
const slotType = 2

// Records lists every wallet the provider holds.
func (c *Client) Records(ctx context.Context) ([]provider.WalletRecord, error) {
	var out struct {
		Wallets []playerRecord `json:"wallets"`
	}
	if err := c.call(ctx, "records", struct{}{}, &out); err != nil {
		return nil, err
	}
	rs := make([]provider.WalletRecord, len(out.Wallets))
	for i, w := range out.Wallets {
		rs[i] = provider.WalletRecord{MemberID: w.MemberID, Currency: w.Currency, Balance: w.Balance}
	}
	return rs, nil
}
