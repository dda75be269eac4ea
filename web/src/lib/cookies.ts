export interface CookieOptions {
  /** lifetime in days (spec: "cookie helpers default to path / and days") */
  days?: number;
  minutes?: number;
  /** lifetime in seconds; wins over days/minutes */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, opts: CookieOptions = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${opts.path ?? '/'}`;
  const seconds =
    opts.maxAge ?? (opts.minutes !== undefined ? opts.minutes * 60 : opts.days !== undefined ? opts.days * 86400 : undefined);
  if (seconds !== undefined) {
    cookie += `; max-age=${Math.round(seconds)}`;
    // expires as well: some embedded webviews of the native wrappers ignore max-age.
    cookie += `; expires=${new Date(Date.now() + seconds * 1000).toUTCString()}`;
  }
  if (opts.sameSite) cookie += `; SameSite=${opts.sameSite}`;
  if (opts.secure) cookie += '; Secure';
  document.cookie = cookie;
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
