import { MAX_PICKS } from './types';

/** Adds or removes n; refuses an 11th pick. */
export function togglePick(picks: number[], n: number, max = MAX_PICKS): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= max) return picks;
  return [...picks, n].sort((a, b) => a - b);
}

/** `count` distinct numbers of 1..numbers (the draw itself happens on the server). */
export function quickPick(count: number, numbers = 80, random = Math.random): number[] {
  const pool = Array.from({ length: numbers }, (_, i) => i + 1);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, Math.max(1, Math.min(MAX_PICKS, count))).sort((a, b) => a - b);
}

/** The picks among the numbers revealed so far. */
export function hitsOf(picks: number[], drawn: number[]): number[] {
  const d = new Set(drawn);
  return picks.filter((p) => d.has(p));
}
