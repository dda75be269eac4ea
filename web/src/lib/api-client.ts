// The one wrapper of spec section 7: headers, /api prefix, 30 s timeout,
// both envelope shapes, token refresh and the 401 logout.
import { currentLanguage } from './locale';
import { getToken, logout, setToken } from './session';

export const REQUEST_TIMEOUT_MS = 30_000;
export const SUCCESS_CODES: readonly number[] = [100, 1000];

/** Background calls stopped when any response says the session is gone (spec section 7). */
export const ABORTABLE_ON_401: readonly string[] = [
  '/arks/web/member/letter',
  '/arks/web/activity/red_envelope_promotion',
  '/arks/web/bulletin/member',
  '/member/profile/common/layout',
  '/member/profile/my_cash',
];

export type ApiErrorKind = 'business' | 'http' | 'unauthorized' | 'timeout' | 'network' | 'aborted';

export class ApiError<D = unknown> extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly data: D | undefined;
  /** i18n key for errors the client words itself (request_timeout, network_error). */
  readonly messageKey: string | undefined;

  constructor(kind: ApiErrorKind, code: number, message: string, data?: D, messageKey?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
    this.messageKey = messageKey;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  signal?: AbortSignal;
  /** overrides the 30 s timeout (tests, quick probes) */
  timeoutMs?: number;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** `/x` -> `/api/x`; `/api/x` and absolute URLs stay as they are. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const p = path.startsWith('/') ? path : `/${path}`;
  return p === '/api' || p.startsWith('/api/') ? p : `/api${p}`;
}

/** The path as the spec names it (without /api), used to find abortable calls. */
function specPath(path: string): string {
  const p = apiUrl(path).replace(/^https?:\/\/[^/]+/i, '');
  return p.replace(/^\/api(?=\/)/, '').split('?')[0];
}

const inFlight = new Map<string, Set<AbortController>>();

function track(path: string, ctrl: AbortController): () => void {
  let set = inFlight.get(path);
  if (!set) inFlight.set(path, (set = new Set()));
  set.add(ctrl);
  return () => {
    set.delete(ctrl);
    if (set.size === 0) inFlight.delete(path);
  };
}

function onUnauthorized(): void {
  for (const path of ABORTABLE_ON_401) {
    for (const ctrl of inFlight.get(path) ?? []) ctrl.abort('unauthorized');
  }
  logout('unauthorized');
}

export function readEnvelope(json: unknown): Envelope | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const o = json as Record<string, unknown>;
  if (o.header && typeof o.header === 'object') {
    const h = o.header as Record<string, unknown>;
    return { code: Number(h.status), message: String(h.desc ?? ''), data: o.body };
  }
  if ('code' in o) return { code: Number(o.code), message: String(o.message ?? ''), data: o.data };
  return undefined;
}

/**
 * Calls the API and resolves with the envelope's data on success (code 100 or 1000).
 * Rejects with an ApiError otherwise.
 */
export async function request<T = unknown>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'POST';
  const ctrl = new AbortController();
  let cause: 'timeout' | 'caller' | undefined;
  const timer = setTimeout(() => {
    cause = 'timeout';
    ctrl.abort('timeout');
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => {
    cause = 'caller';
    ctrl.abort(opts.signal?.reason);
  };
  if (opts.signal?.aborted) onCallerAbort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const untrack = track(specPath(path), ctrl);

  const headers: Record<string, string> = { Accept: 'application/json', lang: currentLanguage.get() };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  try {
    const res = await fetch(new URL(apiUrl(path), window.location.origin), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: ctrl.signal,
      credentials: 'same-origin',
    });

    const refreshed = res.headers.get('authorization');
    if (refreshed) setToken(refreshed.replace(/^Bearer\s+/i, ''));

    if (res.status === 401) {
      onUnauthorized();
      throw new ApiError('unauthorized', 401, res.statusText || 'Unauthorized');
    }

    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const env = readEnvelope(json);
    if (!env) throw new ApiError('http', res.status, res.statusText || `HTTP ${res.status}`);
    if (!res.ok) throw new ApiError('http', env.code || res.status, env.message, env.data);
    if (!SUCCESS_CODES.includes(env.code)) throw new ApiError('business', env.code, env.message, env.data);
    return env.data as T;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (cause === 'timeout') throw new ApiError('timeout', 0, 'request timeout', undefined, /* i18n */ 'request_timeout');
    if (ctrl.signal.aborted) throw new ApiError('aborted', 0, 'aborted');
    throw new ApiError('network', 0, 'network error', undefined, /* i18n */ 'network_error');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
    untrack();
  }
}

/** GET of a plain JSON file (build files): no envelope, no /api prefix. */
export async function getJson<T>(url: string, timeoutMs = 10_000): Promise<T> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    const res = await fetch(new URL(url, window.location.origin), { signal: ctrl.signal, cache: 'no-store' });
    if (!res.ok) throw new ApiError('http', res.status, `HTTP ${res.status}`);
    return (await res.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}
