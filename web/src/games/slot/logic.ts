import type { SlotWindow, Spin, SymbolName } from './types';

export const FILLER: SymbolName[] = ['A', 'K', 'Q', 'J', 'BAR', 'BELL', 'SEVEN', 'DIAMOND', 'WILD', 'SCATTER'];

/** "row-reel" keys of the cells that pay in a spin: each line's run from the left, and paying scatters. */
export function winningCells(spin: Spin, paylines: number[][]): Set<string> {
  const cells = new Set<string>();
  for (const w of spin.lines ?? []) {
    const line = paylines[w.line];
    if (!line) continue;
    for (let reel = 0; reel < w.count && reel < line.length; reel++) cells.add(`${line[reel]}-${reel}`);
  }
  if (spin.scatter_amount > 0 || spin.free_spins > 0) {
    spin.window.forEach((row, r) => row.forEach((sym, reel) => sym === 'SCATTER' && cells.add(`${r}-${reel}`)));
  }
  return cells;
}

/** The column of one reel, top to bottom. */
export function column(window: SlotWindow, reel: number): SymbolName[] {
  return window.map((row) => row[reel]);
}

/**
 * The strip a reel scrolls through while it spins, top to bottom: the new
 * symbols first, random fillers, and the symbols it showed before last, so
 * scrolling it down from its end lands exactly on the server's window.
 */
export function spinStrip(next: SymbolName[], prev: SymbolName[], fillers: number, random = Math.random): SymbolName[] {
  const mid = Array.from({ length: fillers }, () => FILLER[Math.floor(random() * FILLER.length)]);
  return [...next, ...mid, ...prev];
}

/** Every spin of a round in play order: the base spin, then the free spins. */
export function spinsOf(outcome: { base: Spin; free_spins?: Spin[] }): Spin[] {
  return [outcome.base, ...(outcome.free_spins ?? [])];
}

export const DEFAULT_WINDOW: SlotWindow = [
  ['SEVEN', 'BAR', 'DIAMOND', 'BELL', 'A'],
  ['K', 'WILD', 'SEVEN', 'Q', 'BAR'],
  ['BELL', 'J', 'SCATTER', 'DIAMOND', 'K'],
];
