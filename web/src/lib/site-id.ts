/** The server writes the site id into <meta name="gamehall-site-id">; dev and tests fall back to 1. */
export function getSiteId(): number {
  const raw = document.querySelector('meta[name="gamehall-site-id"]')?.getAttribute('content') ?? '';
  const n = Number(raw);
  return /^\d+$/.test(raw) && n > 0 ? n : 1;
}
