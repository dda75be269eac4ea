// Full-page navigation goes through this object so tests can observe it
// (jsdom cannot navigate) and so the allowed protocols are checked in one place.

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** True for absolute http(s) URLs, the only external targets the site may open. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/** Returns the URL when it resolves to http(s), else undefined (javascript:, data: ...). */
export function safeUrl(url: string): string | undefined {
  try {
    const u = new URL(url, window.location.origin);
    return SAFE_PROTOCOLS.has(u.protocol) ? u.href : undefined;
  } catch {
    return undefined;
  }
}

export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    const safe = safeUrl(url);
    if (safe) window.location.assign(safe);
  },
  open(url: string): void {
    const safe = safeUrl(url);
    if (safe) window.open(safe, '_blank', 'noopener');
  },
};
