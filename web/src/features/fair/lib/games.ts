// Each in-house game's outcome mapping, ported from internal/engine (keno,
// baccarat, slot). Only what decides the outcome is ported; stakes only
// scale wins, so slot wins are given in line bets.
import { intn, type Words } from './derive';

export type FairGame = 'slot' | 'baccarat' | 'keno';
export const FAIR_GAMES: FairGame[] = ['slot', 'baccarat', 'keno'];

/** keno: 20 of 1..80 in the order drawn (partial Fisher–Yates). */
export function kenoDraw(src: Words): number[] {
  const pool = Array.from({ length: 80 }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < 20; i++) {
    const j = i + intn(src, 80 - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    out.push(pool[i]);
  }
  return out;
}

const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';
export const cardName = (c: number) => RANKS[c % 13] + SUITS[Math.floor(c / 13)];
const value = (c: number) => (c % 13 < 9 ? (c % 13) + 1 : 0);
const total = (cs: number[]) => cs.reduce((t, c) => t + value(c), 0) % 10;

export interface BaccaratHand {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
}

/** baccarat: a hand from a freshly shuffled 8-deck shoe (baccarat.DealFresh). */
export function baccaratDeal(src: Words, decks = 8): BaccaratHand {
  const n = decks * 52;
  const moved = new Map<number, number>();
  let dealt = 0;
  const at = (p: number) => moved.get(p) ?? p % 52;
  const next = () => {
    const i = n - 1 - dealt;
    const j = intn(src, i + 1);
    const c = at(j);
    moved.set(j, at(i));
    dealt++;
    return c;
  };
  const p = [next()];
  const b = [next()];
  p.push(next());
  b.push(next());
  let pt = total(p);
  let bt = total(b);
  if (pt < 8 && bt < 8) {
    let third = -1;
    if (pt <= 5) {
      const c = next();
      p.push(c);
      third = value(c);
      pt = total(p);
    }
    if (bankerDraws(bt, third)) {
      b.push(next());
      bt = total(b);
    }
  }
  return { player: p.map(cardName), banker: b.map(cardName), playerTotal: pt, bankerTotal: bt, winner: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie' };
}

function bankerDraws(bt: number, third: number): boolean {
  if (third === -1) return bt <= 5;
  switch (bt) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return third !== 8;
    case 4:
      return third >= 2 && third <= 7;
    case 5:
      return third >= 4 && third <= 7;
    case 6:
      return third === 6 || third === 7;
    default:
      return false;
  }
}

// The classic slot (internal/engine/slot/classic.go, version 1).
const STRIPS = [
  'Di Ba Q K A Be Q A W Ba S J Q Se Ba Q Se Be Di A K J Se K Ba J K W A Be',
  'Ba Be A Ba Q W A K Se W Q S K Se Di Ba Se Be J Q A J K Be J A Q J K Di',
  'Di K Se Q A Be K A W K Q Ba J A Se Di S J A Ba Be Q Se K W J Ba Q Be J',
  'J Ba K Q Di W K Se Ba J Q S Di Be Q W Be Se A K Be A J K A J Ba Q Se A',
  'Q Se Ba J Be Q Di J W K Q A K J Q Se A S Be Se Ba K Di Be Ba J A K J A',
].map((s) => s.split(' '));
const NAMES: Record<string, string> = { W: 'WILD', S: 'SCATTER', Di: 'DIAMOND', Se: 'SEVEN', Be: 'BELL', Ba: 'BAR', A: 'A', K: 'K', Q: 'Q', J: 'J' };
const LINES = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [1, 1, 0, 1, 1], [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 0, 2, 0, 0],
];
const PAYS: Record<string, [number, number, number]> = {
  W: [50, 250, 1000], Di: [25, 100, 500], Se: [20, 75, 250], Be: [15, 50, 150], Ba: [10, 40, 125],
  A: [5, 20, 100], K: [5, 15, 75], Q: [3, 10, 50], J: [2, 6, 30],
};
const SCATTER_PAYS = [0, 0, 1, 5, 20, 100];
const FREE_SPINS = [0, 0, 0, 8, 12, 20];
const MAX_FREE = 200;
const MULTIPLIER = 3;

const pay = (s: string, n: number) => (n >= 3 && s !== 'S' ? PAYS[s][n - 3] : 0);

function linePay(s: string[]): number {
  let w = 0;
  while (w < 5 && s[w] === 'W') w++;
  const wildPay = pay('W', w);
  if (w === 5) return wildPay;
  const t = s[w];
  let sub = 0;
  if (t !== 'S') {
    let n = w + 1;
    while (n < 5 && (s[n] === t || s[n] === 'W')) n++;
    sub = pay(t, n);
  }
  return Math.max(wildPay, sub);
}

export interface SlotSpin {
  stops: number[];
  window: string[][];
  /** in line bets, multiplier included */
  win: number;
  freeSpins: number;
}

function spin(src: Words, free: boolean): SlotSpin {
  const stops = STRIPS.map((s) => intn(src, s.length));
  const codes = [0, 1, 2].map((row) => stops.map((st, r) => STRIPS[r][(st + row) % STRIPS[r].length]));
  const mult = free ? MULTIPLIER : 1;
  let win = 0;
  for (const l of LINES) win += linePay(l.map((row, r) => codes[row][r])) * mult;
  const scatters = codes.flat().filter((c) => c === 'S').length;
  win += SCATTER_PAYS[Math.min(scatters, 5)] * LINES.length * mult;
  return { stops, window: codes.map((row) => row.map((c) => NAMES[c])), win, freeSpins: FREE_SPINS[Math.min(scatters, 5)] };
}

export interface SlotRound {
  base: SlotSpin;
  free: SlotSpin[];
  /** the round's win in line bets */
  win: number;
}

/** slot: a base spin and every free spin it leads to (slot.PlayRound). */
export function slotRound(src: Words): SlotRound {
  const base = spin(src, false);
  let awarded = Math.min(base.freeSpins, MAX_FREE);
  base.freeSpins = awarded;
  const free: SlotSpin[] = [];
  for (let played = 0; played < awarded; played++) {
    const o = spin(src, true);
    o.freeSpins = Math.min(o.freeSpins, MAX_FREE - awarded);
    awarded += o.freeSpins;
    free.push(o);
  }
  return { base, free, win: base.win + free.reduce((t, o) => t + o.win, 0) };
}

export type FairOutcome = { game: 'slot'; slot: SlotRound } | { game: 'baccarat'; hand: BaccaratHand } | { game: 'keno'; drawn: number[] };

export function outcomeOf(game: FairGame, src: Words): FairOutcome {
  switch (game) {
    case 'slot':
      return { game, slot: slotRound(src) };
    case 'baccarat':
      return { game, hand: baccaratDeal(src) };
    case 'keno':
      return { game, drawn: kenoDraw(src) };
  }
}

/** A short text of the outcome, the same the round history's link carries. */
export function summary(o: FairOutcome): string {
  switch (o.game) {
    case 'slot':
      return [o.slot.base, ...o.slot.free].map((s) => s.stops.join(',')).join(' ');
    case 'baccarat':
      return `${o.hand.player.join(',')} ${o.hand.banker.join(',')}`;
    case 'keno':
      return o.drawn.join(',');
  }
}
