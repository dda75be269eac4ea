// Every animation of the game pages waits through here, so tests (and players
// who ask for reduced motion) can shorten them without touching game logic.

let scale: number | undefined;

function reducedMotion(): boolean {
  try {
    return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

/** 1 normally, 0.15 with reduced motion; setMotionScale(0) makes every wait immediate. */
export function motionScale(): number {
  return scale ?? (reducedMotion() ? 0.15 : 1);
}

export function setMotionScale(value: number | undefined): void {
  scale = value;
}

/** ms scaled by the motion setting */
export function ms(duration: number): number {
  return Math.round(duration * motionScale());
}

/** Resolves after `duration` (scaled) or at once when the signal is aborted (a skip). */
export function wait(duration: number, signal?: AbortSignal): Promise<void> {
  const d = ms(duration);
  if (d <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, d);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
