import { useEffect, useState } from 'react';
import { gameApi, type FairState, type Round } from './api';
import { tx } from './i18n';

type Kind = 'slot' | 'baccarat' | 'keno';

/** The recorded outcome as the /fair page summarises its recomputation. */
export function expectOf(kind: Kind, outcome: unknown): string {
  const o = outcome as Record<string, unknown>;
  switch (kind) {
    case 'slot': {
      const spins = [o.base, ...((o.free_spins as unknown[]) ?? [])] as { stops: number[] }[];
      return spins.map((s) => s.stops.join(',')).join(' ');
    }
    case 'baccarat': {
      const h = o.hand as { player: string[]; banker: string[] };
      return `${h.player.join(',')} ${h.banker.join(',')}`;
    }
    case 'keno':
      return (o.drawn as number[]).join(',');
  }
}

/** The verifier link of a round whose seed has been revealed. */
export function verifyHref(kind: Kind, r: Round): string | null {
  if (!r.fair?.server_seed) return null;
  const q = new URLSearchParams({
    game: kind,
    server_seed: r.fair.server_seed,
    client_seed: r.fair.client_seed,
    nonce: String(r.fair.nonce),
    commitment: r.fair.commitment,
    expect: expectOf(kind, r.outcome),
  });
  return `/fair?${q}`;
}

const SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** The player's seeds: the commitment shown before play, the client seed, rotation. */
export function FairBar({ session, onRotated }: { session: string; onRotated: () => void }) {
  const [state, setState] = useState<FairState | null>(null);
  const [seed, setSeed] = useState('');
  const [bad, setBad] = useState(false);
  useEffect(() => {
    let live = true;
    gameApi.fair(session).then((s) => {
      if (!live) return;
      setState(s);
      setSeed(s.client_seed);
    }, () => {});
    return () => {
      live = false;
    };
  }, [session]);
  if (!state) return null;
  const save = async () => {
    if (!SEED.test(seed)) return setBad(true);
    setBad(false);
    setState(await gameApi.setClientSeed(session, seed));
  };
  const rotate = async () => {
    const r = await gameApi.rotateSeed(session);
    setState(r.current);
    onRotated();
  };
  return (
    <section className="gp-fair" data-testid="fair-bar">
      <h3>{tx('fair_section')}</h3>
      <p>
        {tx('fair_commitment')}: <code data-testid="fair-commitment">{state.commitment}</code>
      </p>
      <p>
        {tx('fair_next_nonce')}: <span data-testid="fair-next-nonce">{state.next_nonce}</span>
      </p>
      <label className="gp-fair__seed">
        {tx('fair_client_seed')}
        <input value={seed} onChange={(e) => setSeed(e.target.value)} data-testid="fair-client-seed" aria-invalid={bad} />
        <button type="button" className="gp-chip-btn" onClick={() => void save()} data-testid="fair-save-seed">
          {tx('fair_save')}
        </button>
      </label>
      {bad && <p className="gp-fair__bad">{tx('fair_bad_seed')}</p>}
      <p className="gp-fair__actions">
        <button type="button" className="gp-chip-btn" onClick={() => void rotate()} data-testid="fair-rotate">
          {tx('fair_rotate')}
        </button>
        <a href="/fair" target="_blank" rel="noopener" data-testid="fair-verifier-link">
          {tx('fair_verifier')}
        </a>
      </p>
    </section>
  );
}
