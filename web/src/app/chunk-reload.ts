import { browser } from '@/lib/browser';
import { session } from '@/lib/storage';

export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = 'chunk_reload:';

export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    msg,
  );
}

/**
 * A deploy replaces the hashed chunks an open tab still points at; a reload
 * picks up the new ones. At most once per path every 10 s, so a chunk that is
 * really gone cannot cause a reload loop. Returns whether it reloads.
 */
export function reloadForChunkError(path = window.location.pathname, now = Date.now()): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(session.get(key) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  session.set(key, String(now));
  browser.reload();
  return true;
}

export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
