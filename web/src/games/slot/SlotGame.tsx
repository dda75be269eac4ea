import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Round, SessionInfo } from '../shared/api';
import { GameShell, GameTable } from '../shared/GameShell';
import { tx } from '../shared/i18n';
import { formatMinor, formatPercent } from '../shared/money';
import { ms, wait } from '../shared/motion';
import { useGameSession, type GameSession } from '../shared/useGameSession';
import { column, DEFAULT_WINDOW, spinStrip, winningCells } from './logic';
import { SlotSymbol, SymbolDefs } from './symbols';
import type { LineWin, SlotChoices, SlotOutcome, SlotRules, SlotWindow, Spin, SymbolName } from './types';
import './slot.css';

type Info = SessionInfo<SlotRules>;
type SlotRound = Round<SlotChoices, SlotOutcome>;

const REELS = 5;
const ROWS = 3;
/** base spin: the first reel stops after `base` ms, each next one `step` later */
const NORMAL = { base: 650, step: 220, fillers: 14 };
const FAST = { base: 380, step: 110, fillers: 8 };
/** the reels' column gap in percent of the row (slot.css), for the win-line centres */
const REEL_GAP = 1.6;
const REEL_W = (100 - (REELS - 1) * REEL_GAP) / REELS;
const reelCentre = (reel: number) => 5 * (reel * (REEL_W + REEL_GAP) + REEL_W / 2);
const LINE_COLOURS = ['#ffd76a', '#3ee08f', '#ff6bd0', '#5cc8ff', '#ff9f43', '#b18cff', '#ff6b6f', '#7cf0e0'];

interface ReelView {
  key: number;
  strips: SymbolName[][];
  durations: number[];
  spinning: boolean;
}

function stillView(window: SlotWindow, key = 0): ReelView {
  return { key, strips: Array.from({ length: REELS }, (_, r) => column(window, r)), durations: [], spinning: false };
}

function lineText(w: LineWin, exponent: number): string {
  return `${tx('line_win', { line: w.line + 1, count: w.count, symbol: w.symbol })} · ${formatMinor(w.amount, exponent)}`;
}

function Reels({ view, cells, lines, paylines }: { view: ReelView; cells: Set<string>; lines: LineWin[]; paylines: number[][] }) {
  return (
    <div className="slot-reels" data-testid="slot-reels">
      {view.strips.map((strip, reel) => {
        const len = strip.length;
        const style = {
          '--from': `${(-(len - ROWS) / len) * 100}%`,
          height: `${(len / ROWS) * 100}%`,
          animationDuration: `${view.durations[reel] ?? 0}ms`,
        } as CSSProperties;
        return (
          <div className="slot-reel" key={reel}>
            <div key={view.key} className={`slot-strip${view.spinning && len > ROWS ? ' is-spinning' : ''}`} style={style}>
              {strip.map((sym, i) => {
                const final = i < ROWS;
                const win = final && !view.spinning && cells.has(`${i}-${reel}`);
                return (
                  <div
                    key={i}
                    className={`slot-cell${win ? ' is-win' : ''}`}
                    data-testid={final ? `slot-cell-${i}-${reel}` : undefined}
                    data-symbol={final ? sym : undefined}
                  >
                    <SlotSymbol name={sym} />
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {!view.spinning && lines.length > 0 && (
        <svg className="slot-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
          {lines.map((w, i) => {
            const rows = paylines[w.line] ?? [];
            const pts = rows.map((row, reel) => `${reelCentre(reel)},${row * 100 + 50}`).join(' ');
            return <polyline key={`${w.line}-${i}`} points={pts} fill="none" stroke={LINE_COLOURS[i % LINE_COLOURS.length]} strokeWidth="6" strokeLinejoin="round" strokeLinecap="round" opacity="0.85" />;
          })}
        </svg>
      )}
    </div>
  );
}

function SlotMachine({ info, session }: { info: Info; session: GameSession<SlotRules, SlotChoices, SlotOutcome> }) {
  const rules = info.rules;
  const lineBets = info.limits.line_bets?.length ? info.limits.line_bets : [info.limits.unit];
  const lines = rules.total_bet_lines || rules.paylines.length;
  const [betIdx, setBetIdx] = useState(0);
  const lineBet = lineBets[Math.min(betIdx, lineBets.length - 1)];
  const totalBet = lineBet * lines;

  const [view, setView] = useState<ReelView>(() => stillView(DEFAULT_WINDOW));
  const [cells, setCells] = useState<Set<string>>(new Set());
  const [wins, setWins] = useState<LineWin[]>([]);
  const [scatterWin, setScatterWin] = useState<{ count: number; amount: number } | null>(null);
  const [phase, setPhase] = useState<'idle' | 'playing'>('idle');
  const [free, setFree] = useState<{ i: number; n: number; total: number } | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [result, setResult] = useState<{ win: number } | null>(null);
  const windowRef = useRef<SlotWindow>(DEFAULT_WINDOW);
  const skipRef = useRef<AbortController | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      skipRef.current?.abort();
    };
  }, []);

  // The last round's window stays on the reels when the page is reopened.
  const last = session.history[0];
  useEffect(() => {
    if (phase !== 'idle' || !last || result) return;
    const spins = [last.outcome.base, ...(last.outcome.free_spins ?? [])];
    const w = spins[spins.length - 1].window;
    windowRef.current = w;
    setView((v) => stillView(w, v.key));
  }, [last?.id]);

  async function land(window: SlotWindow, speed: typeof NORMAL, signal: AbortSignal) {
    const prev = windowRef.current;
    windowRef.current = window;
    const durations = Array.from({ length: REELS }, (_, r) => ms(speed.base + r * speed.step));
    const strips = Array.from({ length: REELS }, (_, r) => spinStrip(column(window, r), column(prev, r), speed.fillers + r * 3));
    setView((v) => ({ key: v.key + 1, strips, durations, spinning: !signal.aborted }));
    await wait(speed.base + (REELS - 1) * speed.step + 60, signal);
    setView((v) => stillView(window, v.key));
  }

  function show(spin: Spin) {
    setCells(winningCells(spin, rules.paylines));
    setWins(spin.lines ?? []);
    setScatterWin(spin.scatter_amount > 0 ? { count: spin.scatters, amount: spin.scatter_amount } : null);
  }

  function clearWins() {
    setCells(new Set());
    setWins([]);
    setScatterWin(null);
  }

  async function spin() {
    if (phase !== 'idle' || session.busy) return;
    if (session.balance < totalBet) {
      session.showNotice(tx('insufficient'));
      return;
    }
    setPhase('playing');
    setResult(null);
    setFree(null);
    clearWins();
    const round: SlotRound | undefined = await session.play({ line_bet: lineBet });
    if (!live.current) return;
    if (!round) {
      setPhase('idle');
      return;
    }
    const ctrl = new AbortController();
    skipRef.current = ctrl;
    const o = round.outcome;
    await land(o.base.window, NORMAL, ctrl.signal);
    show(o.base);
    const freeSpins = o.free_spins ?? [];
    if (freeSpins.length) {
      await wait(1000, ctrl.signal);
      setBanner(tx('free_spins_won', { n: freeSpins.length, m: rules.free_spin_multiplier }));
      await wait(1600, ctrl.signal);
      setBanner(null);
      let total = 0;
      for (let i = 0; i < freeSpins.length; i++) {
        const fs = freeSpins[i];
        setFree({ i: i + 1, n: freeSpins.length, total });
        clearWins();
        await land(fs.window, FAST, ctrl.signal);
        total += fs.win;
        setFree({ i: i + 1, n: freeSpins.length, total });
        show(fs);
        await wait(fs.win > 0 ? 900 : 300, ctrl.signal);
      }
    }
    if (!live.current) return;
    skipRef.current = null;
    session.settle(round);
    setResult({ win: round.win });
    setPhase('idle');
  }

  const exp = info.exponent;
  const canSpin = phase === 'idle' && !session.busy && session.balance >= totalBet;
  return (
    <div className="slot">
      <SymbolDefs />
      <div className="slot-cabinet">
        <div className="slot-marquee" aria-hidden="true">
          <span>★</span> {tx('slot_title')} <span>★</span>
        </div>
        <div className="slot-stage">
          <Reels view={view} cells={cells} lines={wins} paylines={rules.paylines} />
          {banner && (
            <div className="slot-banner" role="status" data-testid="slot-banner">
              {banner}
            </div>
          )}
        </div>
        <div className="slot-info" aria-live="polite">
          {free && (
            <span className="slot-free" data-testid="slot-free">
              {tx('free_spin_of', { i: free.i, n: free.n })} · {tx('free_spins_total')} {formatMinor(free.total, exp)} · ×{rules.free_spin_multiplier}
            </span>
          )}
          {(wins.length > 0 || scatterWin) && (
            <ul className="slot-wins" data-testid="slot-line-wins">
              {wins.map((w, i) => (
                <li key={`${w.line}-${i}`} style={{ borderColor: LINE_COLOURS[i % LINE_COLOURS.length] }}>
                  {lineText(w, exp)}
                </li>
              ))}
              {scatterWin && (
                <li>
                  {tx('scatter_win', { count: scatterWin.count })} · {formatMinor(scatterWin.amount, exp)}
                </li>
              )}
            </ul>
          )}
          {result && (
            <p className={`slot-result${result.win > 0 ? ' is-win' : ''}`} data-testid="slot-win">
              {result.win > 0 ? tx('you_won', { amount: formatMinor(result.win, exp) }) : tx('no_win')}
            </p>
          )}
        </div>
      </div>
      <div className="slot-controls">
        <div className="slot-bet">
          <span className="slot-label">{tx('line_bet')}</span>
          <div className="slot-stepper">
            <button type="button" onClick={() => setBetIdx((i) => Math.max(0, i - 1))} disabled={phase !== 'idle' || betIdx === 0} aria-label={tx('decrease_bet')} data-testid="slot-bet-down">
              −
            </button>
            <strong data-testid="slot-line-bet">{formatMinor(lineBet, exp)}</strong>
            <button
              type="button"
              onClick={() => setBetIdx((i) => Math.min(lineBets.length - 1, i + 1))}
              disabled={phase !== 'idle' || betIdx >= lineBets.length - 1}
              aria-label={tx('increase_bet')}
              data-testid="slot-bet-up"
            >
              +
            </button>
          </div>
        </div>
        <div className="slot-bet">
          <span className="slot-label">
            {tx('total_bet')} · {tx('lines_n', { n: lines })}
          </span>
          <strong className="slot-total" data-testid="slot-total-bet">
            {formatMinor(totalBet, exp)}
          </strong>
        </div>
        {phase === 'playing' && !session.busy ? (
          <button type="button" className="gp-btn gp-btn--ghost gp-btn--big slot-spin" onClick={() => skipRef.current?.abort()} data-testid="slot-skip">
            {tx('skip')}
          </button>
        ) : (
          <button type="button" className="gp-btn gp-btn--gold gp-btn--big slot-spin" onClick={() => void spin()} disabled={!canSpin} data-testid="slot-spin">
            {tx('spin')}
          </button>
        )}
      </div>
    </div>
  );
}

function SlotRulesView({ info }: { info: Info }) {
  const r = info.rules;
  const paying = r.symbols.filter((s) => s.pays?.length);
  const pay = (s: (typeof paying)[number], n: number) => s.pays?.find((p) => p.count === n)?.pay;
  return (
    <>
      <h3>{tx('paytable')}</h3>
      <p className="gp-muted">{tx('pays_line_bets')}</p>
      <GameTable
        className="slot-paytable"
        testId="slot-paytable"
        head={[tx('symbol'), '5×', '4×', '3×']}
        rows={paying.map((s) => ({
          key: s.symbol,
          cells: [
            <span className="slot-paytable__sym">
              <SlotSymbol name={s.symbol} size={30} /> {s.symbol}
            </span>,
            pay(s, 5) ?? '-',
            pay(s, 4) ?? '-',
            pay(s, 3) ?? '-',
          ],
        }))}
      />
      <p className="gp-muted">{tx('pays_total_bets')}</p>
      <table className="gp-table">
        <thead>
          <tr>
            <th>
              <span className="slot-paytable__sym">
                <SlotSymbol name="SCATTER" size={26} /> SCATTER
              </span>
            </th>
            <th>{tx('paytable')}</th>
            <th>{tx('free_spins')}</th>
          </tr>
        </thead>
        <tbody>
          {r.scatter.map((s) => (
            <tr key={s.count}>
              <td>{s.count}×</td>
              <td>{s.pay}</td>
              <td>{s.free_spins || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {typeof r.rtp?.hit_frequency === 'number' && (
        <p className="gp-muted">
          {tx('hit_frequency')}: {formatPercent(r.rtp.hit_frequency, 1)}
        </p>
      )}
      <h3>{tx('paylines')}</h3>
      <ol className="slot-paylines">
        {r.paylines.map((line, i) => (
          <li key={i}>
            <svg viewBox="0 0 50 30" width="50" height="30" aria-label={`${i + 1}`}>
              {[0, 1, 2].map((row) =>
                [0, 1, 2, 3, 4].map((reel) => (
                  <rect key={`${row}-${reel}`} x={reel * 10 + 1} y={row * 10 + 1} width="8" height="8" rx="1.5" fill={line[reel] === row ? '#f5c542' : 'rgba(255,255,255,0.12)'} />
                )),
              )}
            </svg>
            <span>{i + 1}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

export function slotChoicesText(round: SlotRound, info: Info): string {
  const lines = info.rules.total_bet_lines || 20;
  return `${tx('choice_line_bet', { amount: formatMinor(round.choices.line_bet, info.exponent) })} × ${lines}`;
}

export function slotOutcomeText(round: SlotRound): string {
  const o = round.outcome;
  const text = tx('outcome_slot', { lines: o.base.lines?.length ?? 0, scatters: o.base.scatters });
  return o.free_spins?.length ? `${text}; ${tx('outcome_free', { n: o.free_spins.length })}` : text;
}

export function SlotGame({ sessionId }: { sessionId: string | null }) {
  const session = useGameSession<SlotRules, SlotChoices, SlotOutcome>(sessionId);
  return (
    <GameShell
      title={tx('slot_title')}
      kind="slot"
      session={session}
      rtpText={(info) => formatPercent(info.rtp)}
      limitsText={(info) => {
        const bets = info.limits.line_bets ?? [info.limits.unit];
        const lines = info.rules.total_bet_lines || 20;
        const f = (v: number) => formatMinor(v, info.exponent);
        return tx('line_bet_range', { min: f(bets[0]), max: f(bets[bets.length - 1]), tmin: f(bets[0] * lines), tmax: f(bets[bets.length - 1] * lines) });
      }}
      rules={(info) => <SlotRulesView info={info} />}
      choicesText={slotChoicesText}
      outcomeText={(r) => slotOutcomeText(r)}
    >
      {(info) => <SlotMachine info={info} session={session} />}
    </GameShell>
  );
}
