package member

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// The partner handoff: another app or site hands a logged-in player over
// with a sealed, single-use blob (/get_info_data).

// Handoff claims: what a partner seals for /get_info_data.
type Handoff struct {
	SiteID    int64  `json:"site_id"`
	Account   string `json:"account"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	Nonce     string `json:"jti"`
}

// MaxHandoffLife caps how long a sealed handoff may live.
const MaxHandoffLife = 5 * time.Minute

// ErrHandoff is every reason a handoff blob is refused.
var ErrHandoff = api.NewError(101, "handoff_invalid")

// SealHandoff encrypts and authenticates claims with the shared key
// (AES-256-GCM); partners do the same with their copy of the key.
func SealHandoff(key []byte, h Handoff, nonce []byte) (string, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", fmt.Errorf("handoff key: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	plain, _ := json.Marshal(h)
	return base64.RawURLEncoding.EncodeToString(gcm.Seal(nonce, nonce, plain, nil)), nil
}

// InfoData is /get_info_data: a valid, fresh, unused blob logs its member in
// and answers the JSON string the spec names (tk, member_id, member_account,
// member_currency).
func (s *Service) InfoData(ctx context.Context, key []byte, enc string, meta Meta) (string, error) {
	if len(key) != 32 || enc == "" || len(enc) > 4096 {
		return "", ErrHandoff
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", ErrHandoff
	}
	block, _ := aes.NewCipher(key)
	gcm, _ := cipher.NewGCM(block)
	if len(raw) < gcm.NonceSize() {
		return "", ErrHandoff
	}
	plain, err := gcm.Open(nil, raw[:gcm.NonceSize()], raw[gcm.NonceSize():], nil)
	if err != nil {
		return "", ErrHandoff
	}
	var h Handoff
	if err := json.Unmarshal(plain, &h); err != nil || h.Nonce == "" || h.Account == "" {
		return "", ErrHandoff
	}
	now := s.now()
	exp := time.Unix(h.ExpiresAt, 0)
	if !now.Before(exp) || exp.Sub(time.Unix(h.IssuedAt, 0)) > MaxHandoffLife || time.Unix(h.IssuedAt, 0).After(now.Add(time.Minute)) {
		return "", ErrHandoff
	}
	m, err := s.store.ByAccount(ctx, h.SiteID, h.Account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && m.Status != "active") {
		return "", ErrHandoff
	}
	if err != nil {
		return "", err
	}
	var out LoginData
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.UseNonce(ctx, h.Nonce, exp.UnixMicro()); err != nil {
			if errors.Is(err, db.ErrConflict) {
				return ErrHandoff
			}
			return err
		}
		var err error
		out, err = s.startSession(ctx, m, device("", meta.UserAgent), meta.IP, now)
		s.db.AfterCommit(ctx, func() { s.announceLogin(out) })
		return err
	})
	if err != nil {
		return "", err
	}
	body, _ := json.Marshal(map[string]string{"tk": out.Token, "member_id": strconv.FormatInt(m.ID, 10),
		"member_account": m.Account, "member_currency": m.Currency})
	return string(body), nil
}
