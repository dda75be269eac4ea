// The balance recall of this page (spec section 4): whether one runs (a
// launch waits for it) and the 10 s cool-down after it, ticking each second.
import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/events';

/** Spec section 9: the balance recall cool-down. */
export const RECALL_COOLDOWN_S = 10;

export const recallStore = createStore<{ running: boolean; cooldown: number }>({ running: false, cooldown: 0 });

let tick: ReturnType<typeof setInterval> | undefined;

export function startCooldown(seconds = RECALL_COOLDOWN_S): void {
  clearInterval(tick);
  recallStore.set((s) => ({ ...s, cooldown: seconds }));
  tick = setInterval(() => {
    recallStore.set((s) => ({ ...s, cooldown: Math.max(0, s.cooldown - 1) }));
    if (recallStore.get().cooldown === 0) clearInterval(tick);
  }, 1000);
}

export function isRecalling(): boolean {
  return recallStore.get().running;
}

export function useRecallState() {
  return useSyncExternalStore(recallStore.subscribe, recallStore.get, recallStore.get);
}

/** Tests and logout. */
export function resetRecall(): void {
  clearInterval(tick);
  recallStore.set({ running: false, cooldown: 0 });
}
