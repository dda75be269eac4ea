// App-wide UI state that several features and templates touch but none owns:
// the loading flag and the native-app display mode (the open modal: ./modals).
import { useSyncExternalStore } from 'react';
import { createStore } from './events';
import { session } from './storage';

/** Number of running tasks that want the loading overlay. */
export const loadingStore = createStore(0);

export function startLoading(): () => void {
  loadingStore.set((n) => n + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingStore.set((n) => Math.max(0, n - 1));
  };
}

export function useLoadingFlag(): boolean {
  return useSyncExternalStore(loadingStore.subscribe, () => loadingStore.get() > 0, () => false);
}

export type AppPage = 'header' | 'content' | 'footer';

export interface AppMode {
  /** native wrappers embed one part of the page at a time */
  appPage: AppPage | null;
  hideHeader: boolean;
  hideFooter: boolean;
}

const APP_MODE_KEY = 'app_mode';

function readAppMode(): AppMode {
  try {
    const v = JSON.parse(session.get(APP_MODE_KEY) ?? 'null') as Partial<AppMode> | null;
    if (v) return { appPage: v.appPage ?? null, hideHeader: !!v.hideHeader, hideFooter: !!v.hideFooter };
  } catch {
    /* corrupt value: start fresh */
  }
  return { appPage: null, hideHeader: false, hideFooter: false };
}

export const appModeStore = createStore<AppMode>(readAppMode());

export function setAppMode(mode: AppMode): void {
  // sessionStorage so a reload inside the native webview keeps the mode.
  session.set(APP_MODE_KEY, JSON.stringify(mode));
  appModeStore.set(mode);
}

export function useAppMode(): AppMode {
  return useSyncExternalStore(appModeStore.subscribe, appModeStore.get, appModeStore.get);
}
