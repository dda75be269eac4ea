import { useEffect, useRef, useState } from 'react';
import type { Round, SessionInfo } from '../shared/api';
import { GameShell, GameTable } from '../shared/GameShell';
import { tx } from '../shared/i18n';
import { formatCompact, formatMinor, formatPercent, formatSigned } from '../shared/money';
import { wait } from '../shared/motion';
import { useGameSession, type GameSession } from '../shared/useGameSession';
import { Card } from './Card';
import { dealOrder, handTotal } from './cards';
import { SIDES, type BaccaratChoices, type BaccaratOutcome, type BaccaratRules, type BetResult, type Side } from './types';
import './baccarat.css';

type Info = SessionInfo<BaccaratRules>;
type BacRound = Round<BaccaratChoices, BaccaratOutcome>;
type Bets = Record<Side, number>;

const NO_BETS: Bets = { player: 0, banker: 0, tie: 0 };
const CHIP_COLOURS = ['#e5e7f5', '#e0264a', '#2f62e8', '#14a35b', '#111', '#b34dff'];
/** the largest chip a stack of `amount` contains, for its colour */
function chipFor(chips: number[], amount: number): number {
  let idx = 0;
  chips.forEach((c, i) => {
    if (c <= amount) idx = i;
  });
  return idx;
}

const WINNER_KEY = { player: 'player_wins', banker: 'banker_wins', tie: 'tie_result' } as const;

function Chip({ amount, exponent, colour, size = 44 }: { amount: number; exponent: number; colour: string; size?: number }) {
  const dark = colour === '#e5e7f5';
  return (
    <svg className="bac-chip" viewBox="0 0 44 44" width={size} height={size} aria-hidden="true">
      <circle cx="22" cy="22" r="21" fill={colour} stroke="rgba(0,0,0,0.35)" />
      <circle cx="22" cy="22" r="17" fill="none" stroke="#fff" strokeWidth="4" strokeDasharray="5 5.7" opacity="0.9" />
      <circle cx="22" cy="22" r="12.5" fill={colour} stroke="rgba(255,255,255,0.6)" />
      <text x="22" y="26" textAnchor="middle" fontSize={formatCompact(amount, exponent).length > 4 ? 8 : 10.5} fontWeight="900" fontFamily="system-ui, sans-serif" fill={dark ? '#17142e' : '#fff'}>
        {formatCompact(amount, exponent)}
      </text>
    </svg>
  );
}

interface Dealt {
  player: string[];
  banker: string[];
}

function HandView({ side, cards, total, winner }: { side: 'player' | 'banker'; cards: string[]; total: number | null; winner: boolean }) {
  return (
    <div className={`bac-hand bac-hand--${side}${winner ? ' is-winner' : ''}`} data-testid={`bac-hand-${side}`}>
      <div className="bac-hand__head">
        <span>{tx(side)}</span>
        <strong className="bac-total" data-testid={`bac-${side}-total`}>
          {total ?? '–'}
        </strong>
      </div>
      <div className="bac-hand__cards">
        {cards.length === 0 ? (
          <>
            <span className="bac-slot" />
            <span className="bac-slot" />
          </>
        ) : (
          cards.map((c, i) => (
            <span key={`${i}-${c}`} className={`bac-card-wrap${i === 2 ? ' is-third' : ''}`}>
              <Card code={c} testId={`bac-card-${side}-${i}`} />
            </span>
          ))
        )}
      </div>
    </div>
  );
}

function Road({ rounds }: { rounds: BacRound[] }) {
  const beads = rounds.slice(0, 36).reverse();
  if (!beads.length) return null;
  return (
    <ol className="bac-road" aria-label={tx('history')} data-testid="bac-road">
      {beads.map((r) => {
        const w = r.outcome.hand.winner;
        return (
          <li key={r.id} className={`bac-bead bac-bead--${w}`} title={tx(WINNER_KEY[w])}>
            {tx(w).slice(0, 1)}
          </li>
        );
      })}
    </ol>
  );
}

function Table({ info, session }: { info: Info; session: GameSession<BaccaratRules, BaccaratChoices, BaccaratOutcome> }) {
  const chips = info.limits.chips?.length ? info.limits.chips : [info.limits.unit];
  const maxBet = info.limits.max_bet ?? chips[chips.length - 1] * 10;
  const exp = info.exponent;
  const [chipIdx, setChipIdx] = useState(Math.min(1, chips.length - 1));
  const [bets, setBets] = useState<Bets>(NO_BETS);
  const [lastBets, setLastBets] = useState<Bets | null>(null);
  const [dealt, setDealt] = useState<Dealt>({ player: [], banker: [] });
  const [outcome, setOutcome] = useState<{ round: BacRound } | null>(null);
  const [phase, setPhase] = useState<'betting' | 'dealing'>('betting');
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const staked = bets.player + bets.banker + bets.tie;
  const busy = phase === 'dealing' || session.busy;

  function place(side: Side) {
    if (busy) return;
    setOutcome(null);
    const next = Math.min(maxBet, bets[side] + chips[chipIdx]);
    if (next === bets[side]) {
      session.showNotice(tx('max_bet', { amount: formatMinor(maxBet, exp) }));
      return;
    }
    setBets({ ...bets, [side]: next });
  }

  async function deal() {
    if (busy || staked <= 0) return;
    if (staked > session.balance) {
      session.showNotice(tx('insufficient'));
      return;
    }
    setPhase('dealing');
    setOutcome(null);
    setDealt({ player: [], banker: [] });
    const choice: BaccaratChoices = { bets: Object.fromEntries(SIDES.filter((s) => bets[s] > 0).map((s) => [s, bets[s]])) };
    const round = await session.play(choice);
    if (!live.current) return;
    if (!round) {
      setPhase('betting');
      return;
    }
    const hand = round.outcome.hand;
    const shown: Dealt = { player: [], banker: [] };
    for (const step of dealOrder(hand)) {
      await wait(step.index === 2 ? 700 : 420);
      shown[step.side] = [...shown[step.side], hand[step.side][step.index]];
      setDealt({ player: [...shown.player], banker: [...shown.banker] });
    }
    await wait(350);
    if (!live.current) return;
    setOutcome({ round });
    setLastBets(bets);
    session.settle(round);
    setPhase('betting');
  }

  const hand = outcome?.round.outcome.hand;
  const resultFor = (side: Side): BetResult | undefined => outcome?.round.outcome.results.find((r) => r.bet.kind === side);
  return (
    <div className="bac">
      <div className="bac-felt">
        <div className="bac-hands">
          <HandView side="player" cards={dealt.player} total={dealt.player.length ? handTotal(dealt.player) : null} winner={hand?.winner === 'player'} />
          <div className="bac-vs" aria-hidden="true">
            VS
          </div>
          <HandView side="banker" cards={dealt.banker} total={dealt.banker.length ? handTotal(dealt.banker) : null} winner={hand?.winner === 'banker'} />
        </div>
        <div className="bac-outcome" aria-live="polite">
          {hand && outcome ? (
            <>
              <p className={`bac-winner bac-winner--${hand.winner}`} data-testid="bac-winner">
                {tx(WINNER_KEY[hand.winner])} {hand.player_total}:{hand.banker_total}
                {hand.natural && <span className="bac-natural">{tx('natural')}</span>}
              </p>
              <p className={`bac-payout${outcome.round.win > 0 ? ' is-win' : ''}`} data-testid="bac-win">
                {outcome.round.win > 0 ? tx('you_won', { amount: formatMinor(outcome.round.win, exp) }) : tx('no_win')}
              </p>
            </>
          ) : (
            <p className="gp-muted bac-hint">{phase === 'dealing' ? tx('deal') + '…' : tx('place_bet')}</p>
          )}
        </div>
        <div className="bac-spots">
          {SIDES.map((side) => {
            const res = resultFor(side);
            return (
              <button
                key={side}
                type="button"
                className={`bac-spot bac-spot--${side}${hand?.winner === side ? ' is-winner' : ''}`}
                onClick={() => place(side)}
                disabled={busy}
                data-testid={`bac-spot-${side}`}
              >
                <span className="bac-spot__name">{tx(side)}</span>
                <span className="bac-spot__pays">{tx('pays', { ratio: info.rules.pays[side] })}</span>
                {bets[side] > 0 && (
                  <span className="bac-spot__stake" data-testid={`bac-stake-${side}`}>
                    <Chip amount={bets[side]} exponent={exp} colour={CHIP_COLOURS[chipFor(chips, bets[side]) % CHIP_COLOURS.length]} size={34} />
                    {formatMinor(bets[side], exp)}
                  </span>
                )}
                {res && (
                  <span className={`bac-spot__result${res.net > 0 ? ' is-win' : res.push ? ' is-push' : ' is-loss'}`} data-testid={`bac-result-${side}`}>
                    {res.push ? `${tx('push')} ` : ''}
                    {formatSigned(res.net, exp)}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <div className="bac-controls">
        <div className="bac-rack" role="radiogroup" aria-label={tx('chips')}>
          {chips.map((c, i) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={i === chipIdx}
              className={`bac-rack__chip${i === chipIdx ? ' is-selected' : ''}`}
              onClick={() => setChipIdx(i)}
              data-testid={`bac-chip-${i}`}
              aria-label={formatMinor(c, exp)}
            >
              <Chip amount={c} exponent={exp} colour={CHIP_COLOURS[i % CHIP_COLOURS.length]} />
            </button>
          ))}
        </div>
        <div className="bac-actions">
          <button type="button" className="gp-btn gp-btn--ghost" onClick={() => setBets(NO_BETS)} disabled={busy || staked === 0} data-testid="bac-clear">
            {tx('clear')}
          </button>
          <button type="button" className="gp-btn gp-btn--ghost" onClick={() => lastBets && setBets(lastBets)} disabled={busy || !lastBets} data-testid="bac-rebet">
            {tx('rebet')}
          </button>
          <button type="button" className="gp-btn gp-btn--gold gp-btn--big" onClick={() => void deal()} disabled={busy || staked === 0} data-testid="bac-deal">
            {tx('deal')}
            {staked > 0 && <small className="bac-deal__sum"> {formatMinor(staked, exp)}</small>}
          </button>
        </div>
      </div>
      <Road rounds={session.history} />
    </div>
  );
}

function BaccaratRulesView({ info }: { info: Info }) {
  const r = info.rules;
  return (
    <>
      <GameTable
        title={tx('paytable')}
        testId="bac-paytable"
        head={[tx('bet'), tx('paytable'), tx('rtp'), tx('house_edge')]}
        rows={(['banker', 'player', 'tie'] as const).map((side) => ({
          key: side,
          cells: [tx(side), r.pays[side], formatPercent(1 - r.house_edge[side]), formatPercent(r.house_edge[side])],
        }))}
      />
      <p className="gp-muted">{tx('decks', { n: r.decks })}</p>
    </>
  );
}

export function baccaratChoicesText(round: BacRound, info: Info): string {
  return SIDES.filter((s) => (round.choices.bets?.[s] ?? 0) > 0)
    .map((s) => `${tx(s)} ${formatMinor(round.choices.bets[s] ?? 0, info.exponent)}`)
    .join(', ');
}

export function baccaratOutcomeText(round: BacRound): string {
  const h = round.outcome.hand;
  return `${tx(WINNER_KEY[h.winner])} ${h.player_total}:${h.banker_total} (${h.player.join(' ')} / ${h.banker.join(' ')})`;
}

export function BaccaratGame({ sessionId }: { sessionId: string | null }) {
  const session = useGameSession<BaccaratRules, BaccaratChoices, BaccaratOutcome>(sessionId);
  return (
    <GameShell
      title={tx('baccarat_title')}
      kind="baccarat"
      session={session}
      rtpText={(info) => formatPercent(info.rtp)}
      limitsText={(info) => {
        const chips = info.limits.chips ?? [];
        return `${tx('chips_range', { list: chips.map((c) => formatCompact(c, info.exponent)).join(' · ') })}; ${tx('max_bet', { amount: formatMinor(info.limits.max_bet ?? 0, info.exponent) })}`;
      }}
      rules={(info) => <BaccaratRulesView info={info} />}
      choicesText={baccaratChoicesText}
      outcomeText={baccaratOutcomeText}
    >
      {(info) => <Table info={info} session={session} />}
    </GameShell>
  );
}
