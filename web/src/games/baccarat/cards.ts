import type { Hand } from './types';

/** Baccarat value of a card: ace 1, two to nine face value, ten and court cards 0. */
export function cardValue(card: string): number {
  const r = card[0];
  if (r === 'A') return 1;
  const n = Number(r);
  return Number.isInteger(n) && n >= 2 && n <= 9 ? n : 0;
}

export function handTotal(cards: string[]): number {
  return cards.reduce((s, c) => s + cardValue(c), 0) % 10;
}

export type DealStep = { side: 'player' | 'banker'; index: number };

/** The order the cards come out: player, banker, player, banker, then the player's and the banker's third cards. */
export function dealOrder(hand: Pick<Hand, 'player' | 'banker'>): DealStep[] {
  const steps: DealStep[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (hand.player.length > 2) steps.push({ side: 'player', index: 2 });
  if (hand.banker.length > 2) steps.push({ side: 'banker', index: 2 });
  return steps;
}

export const RANK_LABEL: Record<string, string> = { T: '10' };
export const SUIT_RED = new Set(['H', 'D']);
