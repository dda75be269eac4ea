import { useEffect, useRef, useState } from 'react';
import type { Round, SessionInfo } from '../shared/api';
import { GameShell, GameTable } from '../shared/GameShell';
import { tx } from '../shared/i18n';
import { formatMinor, formatPercent } from '../shared/money';
import { wait } from '../shared/motion';
import { useGameSession, type GameSession } from '../shared/useGameSession';
import { hitsOf, quickPick, togglePick } from './logic';
import { MAX_PICKS, type KenoChoices, type KenoOutcome, type KenoRules } from './types';
import './keno.css';

type Info = SessionInfo<KenoRules>;
type KenoRound = Round<KenoChoices, KenoOutcome>;

const REVEAL_MS = 140;

function Paytable({ info, count, stake }: { info: Info; count: number; stake: number }) {
  const table = info.rules.picks.find((p) => p.picks === count);
  if (!table) return <p className="gp-muted keno-pays">{tx('pick_numbers')}</p>;
  return (
    <div className="keno-pays" data-testid="keno-pays">
      <div className="keno-pays__head">
        <span>{tx('pays_for', { n: count })}</span>
        <span className="keno-rtp">
          {tx('rtp')} {formatPercent(table.rtp)}
        </span>
      </div>
      <table className="gp-table">
        <thead>
          <tr>
            <th>{tx('hits')}</th>
            <th>{tx('paytable')}</th>
            <th>{tx('win')}</th>
          </tr>
        </thead>
        <tbody>
          {[...table.pays].reverse().map((p) => (
            <tr key={p.hits}>
              <td>{p.hits}</td>
              <td>{tx('pays_x', { m: p.multiplier })}</td>
              <td>{formatMinor(Math.floor((stake * p.x10) / 10), info.exponent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The RTP the header and the rules show: each pick count has its own table
 * and return, so the RTP of the current pick count once numbers are picked,
 * else the range over pick counts.
 */
export function kenoRtpText(info: Info, count: number): string {
  const table = info.rules.picks.find((p) => p.picks === count);
  if (table) return tx('rtp_picks', { rtp: formatPercent(table.rtp), n: count });
  const rtps = info.rules.picks.map((p) => p.rtp);
  if (rtps.length === 0) return formatPercent(info.rtp);
  return tx('rtp_range', { min: formatPercent(Math.min(...rtps)), max: formatPercent(Math.max(...rtps)) });
}

function Board({
  info,
  session,
  onPickCount,
}: {
  info: Info;
  session: GameSession<KenoRules, KenoChoices, KenoOutcome>;
  onPickCount: (n: number) => void;
}) {
  const numbers = info.rules.numbers || 80;
  const stakes = info.limits.stakes?.length ? info.limits.stakes : [info.limits.unit];
  const exp = info.exponent;
  const [picks, setPicks] = useState<number[]>([]);
  const [stakeIdx, setStakeIdx] = useState(0);
  const [drawn, setDrawn] = useState<number[]>([]);
  const [result, setResult] = useState<KenoRound | null>(null);
  const [phase, setPhase] = useState<'picking' | 'drawing'>('picking');
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const stake = stakes[Math.min(stakeIdx, stakes.length - 1)];
  const busy = phase === 'drawing' || session.busy;
  const drawnSet = new Set(drawn);
  const hits = hitsOf(picks, drawn);
  useEffect(() => onPickCount(picks.length), [picks.length, onPickCount]);

  function choose(next: number[]) {
    if (busy) return;
    setPicks(next);
    setDrawn([]);
    setResult(null);
  }

  async function play() {
    if (busy || picks.length === 0) return;
    if (stake > session.balance) {
      session.showNotice(tx('insufficient'));
      return;
    }
    setPhase('drawing');
    setDrawn([]);
    setResult(null);
    const round = await session.play({ picks, stake });
    if (!live.current) return;
    if (!round) {
      setPhase('picking');
      return;
    }
    const order = round.outcome.drawn;
    for (let i = 0; i < order.length; i++) {
      await wait(REVEAL_MS);
      if (!live.current) return;
      setDrawn(order.slice(0, i + 1));
    }
    await wait(250);
    if (!live.current) return;
    setResult(round);
    session.settle(round);
    setPhase('picking');
  }

  return (
    <div className="keno">
      <div className="keno-board" role="group" aria-label={tx('keno_board')} data-testid="keno-board">
        {Array.from({ length: numbers }, (_, i) => i + 1).map((n) => {
          const picked = picks.includes(n);
          const isDrawn = drawnSet.has(n);
          const cls = ['keno-n', picked && 'is-picked', isDrawn && 'is-drawn', picked && isDrawn && 'is-hit'].filter(Boolean).join(' ');
          return (
            <button
              key={n}
              type="button"
              className={cls}
              aria-pressed={picked}
              onClick={() => choose(togglePick(picks, n))}
              disabled={busy || (!picked && picks.length >= MAX_PICKS)}
              data-testid={`keno-n-${n}`}
            >
              {n}
            </button>
          );
        })}
      </div>
      <aside className="keno-side">
        <div className="keno-status">
          <span data-testid="keno-pick-count">{tx('picks_count', { n: picks.length, max: MAX_PICKS })}</span>
          <div className="keno-side__btns">
            <button type="button" className="gp-btn gp-btn--ghost" onClick={() => choose(quickPick(picks.length || 5, numbers))} disabled={busy} data-testid="keno-quick">
              {tx('quick_pick')}
            </button>
            <button type="button" className="gp-btn gp-btn--ghost" onClick={() => choose([])} disabled={busy || picks.length === 0} data-testid="keno-clear">
              {tx('clear')}
            </button>
          </div>
        </div>
        <label className="keno-stake">
          <span>{tx('stake')}</span>
          <select value={stakeIdx} onChange={(e) => setStakeIdx(Number(e.target.value))} disabled={busy} data-testid="keno-stake">
            {stakes.map((s, i) => (
              <option key={s} value={i}>
                {formatMinor(s, exp)}
              </option>
            ))}
          </select>
        </label>
        <Paytable info={info} count={picks.length} stake={stake} />
        <button type="button" className="gp-btn gp-btn--gold gp-btn--big keno-play" onClick={() => void play()} disabled={busy || picks.length === 0} data-testid="keno-play">
          {tx('play')}
        </button>
      </aside>
      <div className="keno-draw" aria-live="polite">
        <div className="keno-draw__head">
          <span>
            {tx('drawn')} {drawn.length}/{info.rules.drawn || 20}
          </span>
          <span data-testid="keno-hits">{tx('hits_n', { n: hits.length })}</span>
        </div>
        <ol className="keno-balls" data-testid="keno-drawn">
          {drawn.map((n) => (
            <li key={n} className={`keno-ball${picks.includes(n) ? ' is-hit' : ''}`}>
              {n}
            </li>
          ))}
        </ol>
        {result && (
          <p className={`keno-result${result.win > 0 ? ' is-win' : ''}`} data-testid="keno-result">
            {tx('hits_n', { n: result.outcome.hits })} · {result.win > 0 ? tx('you_won', { amount: formatMinor(result.win, exp) }) : tx('no_win')}
          </p>
        )}
      </div>
    </div>
  );
}

function KenoRulesView({ info }: { info: Info }) {
  const r = info.rules;
  return (
    <>
      <GameTable
        title={tx('paytable')}
        className="keno-fulltable"
        testId="keno-paytable"
        head={[tx('picks'), `${tx('hits')} → ${tx('paytable')}`, tx('rtp'), tx('hit_frequency')]}
        rows={r.picks.map((p) => ({
          key: p.picks,
          cells: [p.picks, p.pays.map((x) => `${x.hits}: ×${x.multiplier}`).join(' · '), formatPercent(p.rtp), formatPercent(p.hit_frequency, 1)],
        }))}
      />
    </>
  );
}

export function kenoChoicesText(round: KenoRound, info: Info): string {
  return `${round.choices.picks.join(', ')} · ${tx('stake')} ${formatMinor(round.choices.stake, info.exponent)}`;
}

export function kenoOutcomeText(round: KenoRound): string {
  return `${tx('hits_n', { n: round.outcome.hits })} (${round.outcome.drawn.join(' ')})`;
}

export function KenoGame({ sessionId }: { sessionId: string | null }) {
  const session = useGameSession<KenoRules, KenoChoices, KenoOutcome>(sessionId);
  const [count, setCount] = useState(0);
  return (
    <GameShell
      title={tx('keno_title')}
      kind="keno"
      session={session}
      rtpText={(info) => kenoRtpText(info, count)}
      limitsText={(info) => {
        const s = info.limits.stakes ?? [info.limits.unit];
        return `${tx('stakes_range', { min: formatMinor(s[0], info.exponent), max: formatMinor(s[s.length - 1], info.exponent) })}; ${tx('pick_numbers')}`;
      }}
      rules={(info) => <KenoRulesView info={info} />}
      choicesText={kenoChoicesText}
      outcomeText={kenoOutcomeText}
    >
      {(info) => <Board info={info} session={session} onPickCount={setCount} />}
    </GameShell>
  );
}
