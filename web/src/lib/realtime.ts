// The real-time channel (design section 5): the `centrifuge` client on
// /connection/websocket, loaded lazily so it never weighs on the first paint.
// Members connect with their token, visitors anonymously. Events are
// `{event, data}` signals; features listen with onRealtimeEvent.
import type { Centrifuge, Subscription } from 'centrifuge';
import { createEmitter, createStore } from './events';

export interface RealtimeEvent {
  event: string;
  data: Record<string, unknown>;
  channel: string;
}

export interface RealtimeParams {
  /** member token, or null for a visitor */
  token: string | null;
  memberId: string | null;
  /** site currency: web_api.{currency} */
  currency: string;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'invalid_token' | 'replaced';

/** The server's close codes: the token was refused, its session ended (logout, password change), logged in elsewhere, session found dead on a re-check. */
export const CLOSE = { invalidToken: 3500, sessionExpired: 3005, sessionEnded: 4501, replaced: 4502 } as const;
/** How long a socket whose session ended waits for a newer token before connecting again. */
export const SESSION_END_RETRY_MS = 1000;

const events = createEmitter<RealtimeEvent>();
export const realtimeStatus = createStore<RealtimeStatus>('idle');
/** Channels currently subscribed. */
export const subscribedChannels = createStore<readonly string[]>([]);

let client: Centrifuge | null = null;
let enabled = true;

type CentrifugeClass = typeof import('centrifuge').Centrifuge;
let loadClient: () => Promise<CentrifugeClass> = () => import('centrifuge').then((m) => m.Centrifuge);

/** Tests give a fake client class instead of the lazily loaded `centrifuge`. */
export function setRealtimeClientLoader(loader: () => Promise<CentrifugeClass>): void {
  loadClient = loader;
}

/** Tests run without sockets: startRealtime does nothing and the 2000 ms check is skipped. */
export function setRealtimeEnabled(on: boolean): void {
  enabled = on;
  if (!on) stopRealtime();
}

export function realtimeEnabled(): boolean {
  return enabled;
}
let generation = 0;
let current: RealtimeParams | null = null;

export function realtimeUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/connection/websocket`;
}

/**
 * Channels of spec section 7 this client subscribes: web_api.{currency}
 * always; member.{id} and member.{currency} (red envelopes, letters to the
 * whole currency) when logged in.
 */
export function channelsFor(p: RealtimeParams): string[] {
  const list = [`web_api.${p.currency.toUpperCase()}`];
  if (p.token && p.memberId) list.push(`member.${p.memberId}`, `member.${p.currency.toUpperCase()}`);
  return list;
}

/** Calls fn for every event named `name` (or every event with '*'). */
export function onRealtimeEvent(name: string, fn: (e: RealtimeEvent) => void): () => void {
  return events.on((e) => {
    if (name === '*' || e.event === name) fn(e);
  });
}

/** Feeds an event as if it came from the server (tests, the dev tools). */
export function emitRealtimeEvent(e: RealtimeEvent): void {
  events.emit(e);
}

function parse(channel: string, data: unknown): RealtimeEvent | undefined {
  let d = data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return undefined;
    }
  }
  if (!d || typeof d !== 'object') return undefined;
  const o = d as { event?: unknown; data?: unknown };
  if (typeof o.event !== 'string') return undefined;
  return { event: o.event, data: o.data && typeof o.data === 'object' ? (o.data as Record<string, unknown>) : {}, channel };
}

function same(a: RealtimeParams | null, b: RealtimeParams): boolean {
  return !!a && a.token === b.token && a.memberId === b.memberId && a.currency === b.currency;
}

/** Connects (or reconnects when the identity or currency changed). */
export async function startRealtime(params: RealtimeParams): Promise<void> {
  if (!enabled) return;
  if (same(current, params) && client) return;
  // Only the token changed (rotation every 30 minutes): keep the connection.
  if (client && current && current.memberId === params.memberId && current.currency === params.currency && params.token) {
    current = params;
    client.setToken(params.token);
    return;
  }
  stopRealtime();
  current = params;
  const gen = ++generation;
  const Centrifuge = await loadClient();
  if (gen !== generation) return;
  const c = new Centrifuge(realtimeUrl(), { token: params.token ?? '', minReconnectDelay: 500, maxReconnectDelay: 20000 });
  client = c;
  realtimeStatus.set('connecting');
  c.on('connected', () => gen === generation && realtimeStatus.set('connected'));
  c.on('connecting', () => gen === generation && realtimeStatus.set('connecting'));
  c.on('disconnected', (ctx) => {
    if (gen !== generation) return;
    if (ctx.code === CLOSE.replaced) return realtimeStatus.set('replaced');
    if (ctx.code === CLOSE.sessionEnded || ctx.code === CLOSE.sessionExpired) {
      // The session of this socket is over. A password change hands out a
      // new token, maybe just after the close: connect again a moment later
      // with the token held then. A dead one is refused (3500) and logs out.
      realtimeStatus.set('connecting');
      setTimeout(() => {
        if (gen !== generation) return;
        c.setToken(current?.token ?? '');
        c.connect();
      }, SESSION_END_RETRY_MS);
      return;
    }
    realtimeStatus.set(ctx.code === CLOSE.invalidToken ? 'invalid_token' : 'disconnected');
  });
  for (const channel of channelsFor(params)) {
    const sub: Subscription = c.newSubscription(channel);
    sub.on('subscribed', () => gen === generation && subscribedChannels.set((l) => (l.includes(channel) ? l : [...l, channel])));
    sub.on('unsubscribed', () => gen === generation && subscribedChannels.set((l) => l.filter((x) => x !== channel)));
    sub.on('publication', (ctx) => {
      if (gen !== generation) return;
      const e = parse(channel, ctx.data);
      if (e) events.emit(e);
    });
    sub.subscribe();
  }
  c.connect();
}

export function stopRealtime(): void {
  generation++;
  current = null;
  if (client) {
    const c = client;
    client = null;
    for (const sub of Object.values(c.subscriptions())) c.removeSubscription(sub);
    c.disconnect();
  }
  subscribedChannels.set([]);
  realtimeStatus.set('idle');
}

/** True when at least one channel is subscribed (the spec's 2000 ms real-time check). */
export function hasSubscribedChannel(): boolean {
  return subscribedChannels.get().length > 0;
}
