import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetBuildState } from '@/app/build-watch';
import { resetLaunchStore } from '@/features/games/launch/store';
import { resetRecall } from '@/features/games/recall/store';
import { catalogueState } from './catalogue';
import { currentLanguage } from '@/lib/locale';
import { setRealtimeEnabled } from '@/lib/realtime';
import { reloadSession } from '@/lib/session';
import { modalStore } from '@/lib/modals';
import { appModeStore, loadingStore } from '@/lib/ui-store';
import en from '@/locales/en_US.json';
import { server } from './server';

// jsdom lacks the observers embla relies on, and scrolling.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.assign(globalThis, { ResizeObserver: NoopObserver, IntersectionObserver: NoopObserver });
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
window.scrollTo = (() => {}) as typeof window.scrollTo;

await i18next.use(initReactI18next).init({
  lng: 'en_US',
  fallbackLng: 'en_US',
  resources: { en_US: { translation: en } },
  interpolation: { escapeValue: false },
  keySeparator: false,
  react: { useSuspense: false },
});

setRealtimeEnabled(false);
// A busy machine needs more than the 1 s default to render a route.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  localStorage.clear();
  reloadSession();
  sessionStorage.clear();
  modalStore.set(null);
  loadingStore.set(0);
  appModeStore.set({ appPage: null, hideHeader: false, hideFooter: false });
  currentLanguage.set('en_US');
  resetBuildState();
  resetLaunchStore();
  resetRecall();
  catalogueState.favorites.clear();
  catalogueState.lastPlayed = [];
  document.head.querySelectorAll('meta[name="robots"]').forEach((m) => m.remove());
});
afterAll(() => server.close());
