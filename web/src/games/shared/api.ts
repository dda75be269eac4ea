// The in-house play API (docs/api.md "In-house play API"): POST /games/api/*,
// the usual envelope, no token (the session id is the credential). Kept apart
// from the lobby's api-client so a game page loads nothing of the lobby.
import { currentLang } from './i18n';

export const SUCCESS = 100;
const TIMEOUT_MS = 15_000;

export type GameApiErrorKind = 'business' | 'http' | 'timeout' | 'network';

export class GameApiError extends Error {
  readonly kind: GameApiErrorKind;
  readonly code: number;
  /** the envelope's data of a business failure (the reality check's figures) */
  readonly data: unknown;
  constructor(kind: GameApiErrorKind, code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'GameApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }
}

/** Codes of the play API. */
export const CODES = {
  playDisabled: 205,
  sessionNotFound: 207,
  insufficient: 208,
  badBet: 209,
  badPicks: 210,
  tooMany: 429,
  realityCheck: 650,
} as const;

/** The data of a 650 refusal: the member's reality check (money in major units). */
export interface RealityCheck {
  minutes: number;
  elapsed_minutes: number;
  net: number;
  started_at: string;
  due: number;
}

export interface Limits {
  unit: number;
  line_bets?: number[];
  stakes?: number[];
  chips?: number[];
  max_bet?: number;
}

export interface SessionInfo<R = unknown> {
  game_code: string;
  kind: 'slot' | 'baccarat' | 'keno';
  version: string;
  demo: boolean;
  currency: string;
  exponent: number;
  balance: number;
  rtp: number;
  limits: Limits;
  rules: R;
  /** the site's demo_mode flag is on: the game shows, play answers 205 */
  play_disabled?: boolean;
}

export interface Round<C = unknown, O = unknown> {
  id: number;
  game_code: string;
  game_version: string;
  currency: string;
  stake: number;
  win: number;
  balance_before: number;
  balance_after: number;
  choices: C;
  outcome: O;
  created_at: string;
  /** what the round was drawn from; server_seed only once rotated out */
  fair?: { commitment: string; client_seed: string; nonce: number; server_seed?: string };
}

/** The player's provably fair seeds before play. */
export interface FairState {
  commitment: string;
  client_seed: string;
  next_nonce: number;
}

/** The device the page runs on, for the operator's RTP monitor. */
function device(): 'desktop' | 'mobile' {
  return window.innerWidth < 768 ? 'mobile' : 'desktop';
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, TIMEOUT_MS);
  try {
    const res = await fetch(new URL(path, window.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', lang: currentLang() },
      body: JSON.stringify(body),
      signal: ctrl.signal,
      credentials: 'same-origin',
    });
    let json: { code?: number; message?: string; data?: unknown } | undefined;
    try {
      json = (await res.json()) as typeof json;
    } catch {
      json = undefined;
    }
    if (!json || typeof json.code !== 'number') throw new GameApiError('http', res.status, res.statusText || `HTTP ${res.status}`);
    if (json.code !== SUCCESS) throw new GameApiError(res.ok ? 'business' : 'http', json.code, json.message ?? '', json.data);
    return json.data as T;
  } catch (e) {
    if (e instanceof GameApiError) throw e;
    if (timedOut) throw new GameApiError('timeout', 0, 'timeout');
    throw new GameApiError('network', 0, 'network error');
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh id per round (crypto.randomUUID needs a secure context; fall back to getRandomValues). */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const gameApi = {
  session<R>(session: string): Promise<SessionInfo<R>> {
    return post('/games/api/session', { session });
  },
  /**
   * One round. A network failure or timeout is retried once with the same
   * request id: the server answers a repeated id with the first round, so a
   * retry can never play (or charge) twice.
   */
  async play<C, O>(session: string, choices: C, requestId = newRequestId()): Promise<Round<C, O>> {
    try {
      return await post<Round<C, O>>('/games/api/play', { session, request_id: requestId, device: device(), choices });
    } catch (e) {
      if (e instanceof GameApiError && (e.kind === 'network' || e.kind === 'timeout')) {
        return post<Round<C, O>>('/games/api/play', { session, request_id: requestId, device: device(), choices });
      }
      throw e;
    }
  },
  fair(session: string): Promise<FairState> {
    return post('/games/api/fair', { session });
  },
  setClientSeed(session: string, clientSeed: string): Promise<FairState> {
    return post('/games/api/fair/client-seed', { session, client_seed: clientSeed });
  },
  rotateSeed(session: string): Promise<{ current: FairState }> {
    return post('/games/api/fair/rotate', { session });
  },
  /** Acknowledges the member's reality check: rounds may start again. */
  ackReality(session: string): Promise<unknown> {
    return post('/games/api/reality/ack', { session });
  },
  history<C, O>(session: string, limit = 50): Promise<Round<C, O>[]> {
    return post<{ list: Round<C, O>[] }>('/games/api/history', { session, limit }).then((d) => d.list ?? []);
  },
};
