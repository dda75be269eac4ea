// Wire shapes of gh_baccarat in the play API (internal/engine/baccarat).

export type Side = 'player' | 'banker' | 'tie';
export const SIDES: Side[] = ['player', 'tie', 'banker'];

export interface BaccaratRules {
  decks: number;
  pays: Record<Side, string>;
  house_edge: Record<Side, number>;
  rules: string[];
}

export interface BaccaratChoices {
  bets: Partial<Record<Side, number>>;
}

export interface Hand {
  /** cards as rank then suit: "AS", "TD", "KC"; a third card is the drawn one */
  player: string[];
  banker: string[];
  player_total: number;
  banker_total: number;
  natural: boolean;
  winner: Side;
  shuffled: boolean;
}

export interface BetResult {
  bet: { kind: Side; stake: number };
  return: number;
  net: number;
  commission: number;
  push: boolean;
}

export interface BaccaratOutcome {
  hand: Hand;
  results: BetResult[];
}
