// Wire shapes of gh_keno in the play API (internal/engine/keno).

export interface KenoPay {
  hits: number;
  /** pay in tenths of the stake */
  x10: number;
  multiplier: string;
}

export interface KenoPickTable {
  picks: number;
  pays: KenoPay[];
  rtp: number;
  hit_frequency: number;
}

export interface KenoRules {
  version: string;
  numbers: number;
  drawn: number;
  picks: KenoPickTable[];
  rules: string[];
}

export interface KenoChoices {
  picks: number[];
  stake: number;
}

export interface KenoOutcome {
  /** the 20 numbers in draw order */
  drawn: number[];
  hits: number;
}

export const MAX_PICKS = 10;
