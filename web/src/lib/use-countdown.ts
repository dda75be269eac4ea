import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a countdown that ticks every second (spec section 9: timers tick every second). */
export function useCountdown(): { left: number; start: (seconds: number) => void; reset: () => void } {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const stop = () => {
    clearInterval(timer.current);
    timer.current = undefined;
  };
  const start = useCallback((seconds: number) => {
    stop();
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          stop();
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  }, []);
  const reset = useCallback(() => {
    stop();
    setLeft(0);
  }, []);
  useEffect(() => stop, []);
  return { left, start, reset };
}
