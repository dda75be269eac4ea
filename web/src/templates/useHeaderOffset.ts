import { useEffect } from 'react';

/**
 * Keeps --site-header-bottom on <html> at the bottom edge of the visible site
 * header, so toasts (AppProviders) open below it instead of over its buttons.
 */
export function useHeaderOffset(): void {
  useEffect(() => {
    const root = document.documentElement.style;
    let header: Element | null = null;
    const measure = () => {
      header ??= document.querySelector('[data-testid="site-header"]');
      const bottom = header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
      root.setProperty('--site-header-bottom', `${bottom}px`);
    };
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    const first = document.querySelector('[data-testid="site-header"]');
    if (first) ro?.observe(first);
    // A bar shown above the header later (the app download bar) moves it
    // without resizing it; the body grows then.
    ro?.observe(document.body);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      root.removeProperty('--site-header-bottom');
    };
  }, []);
}
