// Wire shapes of the slot (gh_slot_fortune) in the play API: `rules` of the
// session and the round's `outcome` (internal/engine/slot).

export type SymbolName = 'WILD' | 'SCATTER' | 'DIAMOND' | 'SEVEN' | 'BELL' | 'BAR' | 'A' | 'K' | 'Q' | 'J';

/** window[row][reel], row 0 at the top */
export type SlotWindow = SymbolName[][];

export interface SlotRules {
  name: string;
  version: string;
  reels: number;
  rows: number;
  /** for each line, the row used on each reel */
  paylines: number[][];
  total_bet_lines: number;
  symbols: { symbol: SymbolName; kind: 'wild' | 'scatter' | 'high' | 'low'; pays?: { count: number; pay: number }[] }[];
  scatter: { count: number; pay: number; free_spins: number }[];
  free_spin_multiplier: number;
  max_free_spins: number;
  rules: string[];
  max_line_bet: number;
  rtp: { rtp: number; hit_frequency?: number; [k: string]: unknown };
}

export interface LineWin {
  /** index into paylines, 0-based */
  line: number;
  symbol: SymbolName;
  count: number;
  pay: number;
  amount: number;
}

export interface Spin {
  stops: number[];
  window: SlotWindow;
  lines?: LineWin[];
  scatters: number;
  scatter_pay: number;
  scatter_amount: number;
  free_spins: number;
  multiplier: number;
  win: number;
}

export interface SlotOutcome {
  line_bet: number;
  total_bet: number;
  base: Spin;
  free_spins?: Spin[];
  free_spins_awarded: number;
  free_spins_win: number;
  win: number;
}

export interface SlotChoices {
  line_bet: number;
}
