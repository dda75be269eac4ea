// Image captcha (spec section 7 /captcha; section 4 "Captcha request is
// blocked while a request runs or a wait timer is active"; section 8 "Captcha
// code 101 starts a 1-second wait timer").
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, request } from './api-client';
import { getSiteId } from './site-id';

export const CAPTCHA_LOGIN = 1;
export const CAPTCHA_REGISTER = 2;
export const CAPTCHA_WAIT_MS = 1000;

export interface CaptchaChallenge {
  token: string;
  captcha: string;
  placeholder: string;
}

export interface CaptchaState {
  token: string;
  image: string;
  placeholder: string;
  loading: boolean;
  /** asks for a new image; ignored while one is loading or the wait timer runs */
  refresh: () => void;
}

export function useCaptcha(type: number, enabled = true): CaptchaState {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const waitUntil = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const refresh = useCallback(() => {
    if (busy.current || Date.now() < waitUntil.current) return;
    busy.current = true;
    setLoading(true);
    request<CaptchaChallenge>('/captcha', { type, site_id: getSiteId() })
      .then((c) => alive.current && setChallenge(c))
      .catch((e: unknown) => {
        if (isApiError(e) && e.code === 101) {
          // Too frequent: wait a second, then ask again once.
          waitUntil.current = Date.now() + CAPTCHA_WAIT_MS;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => alive.current && refresh(), CAPTCHA_WAIT_MS);
        }
      })
      .finally(() => {
        busy.current = false;
        if (alive.current) setLoading(false);
      });
  }, [type]);

  useEffect(() => {
    alive.current = true;
    if (enabled) refresh();
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [enabled, refresh]);

  return { token: challenge?.token ?? '', image: challenge?.captcha ?? '', placeholder: challenge?.placeholder ?? '', loading, refresh };
}

/**
 * /clientCaptcha: `text` is base64 of a 4-byte key followed by the answer's
 * bytes XOR the key (docs/api.md); the client checks the answer locally.
 */
export function decodeClientCaptcha(text: string): string {
  let bin: string;
  try {
    bin = atob(text);
  } catch {
    return '';
  }
  if (bin.length < 5) return '';
  const key = [0, 1, 2, 3].map((i) => bin.charCodeAt(i));
  let out = '';
  for (let i = 4; i < bin.length; i++) out += String.fromCharCode(bin.charCodeAt(i) ^ key[(i - 4) % 4]);
  return out;
}
