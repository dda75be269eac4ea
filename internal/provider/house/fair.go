package house

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/engine/rng"
)

// Provably fair play (docs/api.md "Provably fair"): every round of a house
// game draws from rng.NewFair(server seed, client seed, nonce). A player's
// seeds belong to the member for real money (owner "m:<id>", shared by all
// their sessions) and to the demo session for play money ("s:<hash>"), so a
// visitor without an account has seeds too and they die with the session.

// A client seed is what the player types; the restricted alphabet keeps
// "client:nonce" unambiguous and the text the same in every encoding.
const maxClientSeed = 64

func validClientSeed(s string) bool {
	if s == "" || len(s) > maxClientSeed {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("seed: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// seedRow is one stored seed.
type seedRow struct {
	ID                     int64
	ServerSeed, Commitment string
	ClientSeed             string
	NextNonce              int64
	CreatedAt, RevealedAt  int64
}

const seedColumns = `id, server_seed, commitment, client_seed, next_nonce, created_at, revealed_at`

func scanSeed(row interface{ Scan(...any) error }, r *seedRow) error {
	return row.Scan(&r.ID, &r.ServerSeed, &r.Commitment, &r.ClientSeed, &r.NextNonce, &r.CreatedAt, &r.RevealedAt)
}

// ensureSeed creates the owner's active seed unless it has one (the partial
// unique index settles a race) and returns the active one.
func (s *Store) ensureSeed(ctx context.Context, owner, clientSeed string, now int64) (seedRow, error) {
	r, err := s.activeSeedRow(ctx, owner)
	if err == nil {
		return r, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return seedRow{}, fmt.Errorf("fair seed: %w", err)
	}
	if err := s.insertSeed(ctx, owner, clientSeed, now); err != nil {
		return seedRow{}, err
	}
	if r, err = s.activeSeedRow(ctx, owner); err != nil {
		return seedRow{}, fmt.Errorf("fair seed: %w", err)
	}
	return r, nil
}

// activeSeedSQL reads an owner's active (unrevealed) seed.
const activeSeedSQL = `SELECT ` + seedColumns + ` FROM fair_seeds WHERE owner = $1 AND revealed_at = 0`

// activeSeedRow is the owner's active seed; ErrNotFound when there is none.
func (s *Store) activeSeedRow(ctx context.Context, owner string) (seedRow, error) {
	var r seedRow
	err := scanSeed(s.db.Q(ctx).QueryRowContext(ctx, activeSeedSQL, owner), &r)
	return r, db.MapError(err)
}

func (s *Store) insertSeed(ctx context.Context, owner, clientSeed string, now int64) error {
	s.db.Forget(ctx)
	server, err := randomHex(32)
	if err != nil {
		return err
	}
	if clientSeed == "" {
		if clientSeed, err = randomHex(8); err != nil {
			return err
		}
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO fair_seeds (owner, server_seed, commitment, client_seed, created_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner) WHERE revealed_at = 0 DO NOTHING`,
		owner, server, rng.Commitment(server), clientSeed, now)
	if err != nil {
		return fmt.Errorf("insert fair seed: %w", db.MapError(err))
	}
	return nil
}

// claimNonce takes the owner's next nonce in the transaction ctx carries,
// the round's: concurrent rounds never share a nonce, and a round that does
// not commit (refused by its balance or a limit) gives its nonce back
// unseen, so stored rounds use the nonces in order.
func (s *Store) claimNonce(ctx context.Context, owner string, now int64) (seedRow, uint64, error) {
	for range 2 {
		r, err := s.claim(ctx, owner)
		if errors.Is(err, sql.ErrNoRows) {
			// The owner's first round, or the first after a rotation: make
			// the seed and claim again.
			if _, err := s.ensureSeed(ctx, owner, "", now); err != nil {
				return seedRow{}, 0, err
			}
			continue
		}
		if err != nil {
			return seedRow{}, 0, fmt.Errorf("claim nonce: %w", err)
		}
		return r, uint64(r.NextNonce - 1), nil
	}
	return seedRow{}, 0, fmt.Errorf("claim nonce: %w", db.ErrConflict)
}

// claim takes the next nonce of the owner's active seed; ErrNotFound when
// there is none. On the SQLite group writer the seed row is remembered
// (only a rotation or a new client seed changes it, writes that forget)
// and the nonce counted in memory: the claim is one UPDATE, not the UPDATE
// and a read of the row.
func (s *Store) claim(ctx context.Context, owner string) (seedRow, error) {
	if !s.db.Remembers(ctx) {
		var r seedRow
		err := s.db.Row(ctx, s.claimSQL, []any{owner}, &r.ID, &r.ServerSeed, &r.Commitment, &r.ClientSeed, &r.NextNonce,
			&r.CreatedAt, &r.RevealedAt)
		return r, err
	}
	r, err := db.Recall(ctx, s.db, activeSeed(owner), func(ctx context.Context) (seedRow, error) { return s.activeSeedRow(ctx, owner) })
	if err != nil {
		return seedRow{}, err
	}
	err = s.db.Add(ctx, s.nonceSQL, activeSeed(owner), 1, []any{owner}, &r.NextNonce)
	return r, err
}

// activeSeed keys an owner's active seed and its next nonce in the
// writer's memory.
type activeSeed string

// setClientSeed changes the active seed's client seed; the nonce runs on.
func (s *Store) setClientSeed(ctx context.Context, owner, clientSeed string, now int64) (seedRow, error) {
	s.db.Forget(ctx)
	if _, err := s.ensureSeed(ctx, owner, clientSeed, now); err != nil {
		return seedRow{}, err
	}
	var r seedRow
	err := scanSeed(s.db.Q(ctx).QueryRowContext(ctx, `UPDATE fair_seeds SET client_seed = $2 WHERE owner = $1 AND revealed_at = 0
		RETURNING `+seedColumns, owner, clientSeed), &r)
	if err != nil {
		return seedRow{}, fmt.Errorf("client seed: %w", db.MapError(err))
	}
	return r, nil
}

// rotate reveals the active seed and starts a new one with the same client
// seed, in one transaction. Of two racing rotations one reveals; the other
// answers the new seed with nothing revealed (revealed.ID == 0).
func (s *Store) rotate(ctx context.Context, owner string, now int64) (revealed, active seedRow, err error) {
	s.db.Forget(ctx)
	if _, err := s.ensureSeed(ctx, owner, "", now); err != nil {
		return seedRow{}, seedRow{}, err
	}
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		err := scanSeed(s.db.Q(ctx).QueryRowContext(ctx, `UPDATE fair_seeds SET revealed_at = $2 WHERE owner = $1 AND revealed_at = 0
			RETURNING `+seedColumns, owner, now), &revealed)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reveal seed: %w", db.MapError(err))
		}
		active, err = s.ensureSeed(ctx, owner, revealed.ClientSeed, now)
		return err
	})
	return revealed, active, err
}

// revealedSeeds answers the server seeds of the given seed ids that have
// been revealed.
func (s *Store) revealedSeeds(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for _, id := range ids {
		if _, seen := out[id]; seen {
			continue
		}
		var seed string
		var revealedAt int64
		err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT server_seed, revealed_at FROM fair_seeds WHERE id = $1`, id).Scan(&seed, &revealedAt)
		if err != nil {
			return nil, fmt.Errorf("revealed seed: %w", db.MapError(err))
		}
		if revealedAt > 0 {
			out[id] = seed
		} else {
			out[id] = ""
		}
	}
	return out, nil
}

// FairState is what a player sees of their seeds before play.
type FairState struct {
	// Commitment is SHA-256(server seed) in hex; the seed itself is shown
	// only once rotated out.
	Commitment string `json:"commitment"`
	ClientSeed string `json:"client_seed"`
	NextNonce  int64  `json:"next_nonce"`
}

// RevealedSeed is a rotated-out seed: every round played on it can now be
// recomputed.
type RevealedSeed struct {
	ServerSeed string `json:"server_seed"`
	Commitment string `json:"commitment"`
	ClientSeed string `json:"client_seed"`
	// Rounds is how many nonces were used: 0 .. rounds-1.
	Rounds int64 `json:"rounds"`
}

// Rotation answers a seed rotation.
type Rotation struct {
	Revealed *RevealedSeed `json:"revealed"`
	Current  FairState     `json:"current"`
}

func stateOf(r seedRow) FairState {
	return FairState{Commitment: r.Commitment, ClientSeed: r.ClientSeed, NextNonce: r.NextNonce}
}

// owner is whose seeds a session plays on.
func (s playSession) owner() string {
	if s.memberID > 0 {
		return "m:" + strconv.FormatInt(s.memberID, 10)
	}
	return "s:" + HashID(s.ID)
}

// Fair answers the session's commitment, client seed and next nonce.
func (p *Play) Fair(ctx context.Context, id string) (FairState, error) {
	s, _, err := p.session(ctx, id, false)
	if err != nil {
		return FairState{}, err
	}
	r, err := p.store.ensureSeed(ctx, s.owner(), "", p.now().UTC().UnixMicro())
	if err != nil {
		return FairState{}, err
	}
	return stateOf(r), nil
}

// SetClientSeed sets the client seed of the session's player.
func (p *Play) SetClientSeed(ctx context.Context, id, clientSeed string) (FairState, error) {
	if !validClientSeed(clientSeed) {
		return FairState{}, api.Bad("client_seed", "1 to 64 letters, digits, - or _")
	}
	s, _, err := p.session(ctx, id, false)
	if err != nil {
		return FairState{}, err
	}
	r, err := p.store.setClientSeed(ctx, s.owner(), clientSeed, p.now().UTC().UnixMicro())
	if err != nil {
		return FairState{}, err
	}
	return stateOf(r), nil
}

// RotateSeed reveals the session's server seed and commits to a new one.
func (p *Play) RotateSeed(ctx context.Context, id string) (Rotation, error) {
	s, _, err := p.session(ctx, id, false)
	if err != nil {
		return Rotation{}, err
	}
	old, cur, err := p.store.rotate(ctx, s.owner(), p.now().UTC().UnixMicro())
	if err != nil {
		return Rotation{}, err
	}
	out := Rotation{Current: stateOf(cur)}
	if old.ID != 0 {
		out.Revealed = &RevealedSeed{ServerSeed: old.ServerSeed, Commitment: old.Commitment, ClientSeed: old.ClientSeed, Rounds: old.NextNonce}
	}
	return out, nil
}
