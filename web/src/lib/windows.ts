// Named windows the site opens (member centre, agent centre, fast payment,
// auth helper), so logout can close them (spec section 4).

const opened = new Map<string, Window>();

export const POPUP_WIDTH = 1500;
export const POPUP_HEIGHT = 800;

/** Opens (or focuses) a named window; 1500x800 pop-up unless told otherwise. */
export function openNamedWindow(name: string, url: string, features = `width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`): Window | null {
  const w = window.open(url, name, features);
  if (w) {
    opened.set(name, w);
    try {
      w.focus();
    } catch {
      /* some browsers refuse focus() on pop-ups */
    }
  }
  return w;
}

/**
 * A member or agent page (spec section 2): a separate 1500x800 window on
 * desktop, the same tab on a phone, or when the browser refuses the window.
 */
export function openPage(name: string, url: string, desktop: boolean, navigate: (to: string) => void): void {
  if (!desktop || !openNamedWindow(name, url)) navigate(url);
}

export function closeNamedWindows(names: readonly string[]): void {
  for (const name of names) {
    const w = opened.get(name);
    opened.delete(name);
    try {
      if (w && !w.closed) w.close();
    } catch {
      /* cross-origin or already gone */
    }
  }
}

export function namedWindow(name: string): Window | undefined {
  const w = opened.get(name);
  return w && !w.closed ? w : undefined;
}
