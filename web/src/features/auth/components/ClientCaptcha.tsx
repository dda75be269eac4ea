import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeClientCaptcha } from '@/lib/captcha';
import { clientCaptcha } from '../api/auth';

/** /clientCaptcha: an SVG whose answer the client decodes and checks itself (spec section 5 recovery). */
export function useClientCaptcha() {
  const [state, setState] = useState<{ svg: string; answer: string }>({ svg: '', answer: '' });
  const refresh = useCallback(() => {
    clientCaptcha()
      .then((c) => setState({ svg: c.data, answer: decodeClientCaptcha(c.text) }))
      .catch(() => setState({ svg: '', answer: '' }));
  }, []);
  useEffect(() => refresh(), [refresh]);
  return { ...state, refresh };
}

export function ClientCaptchaImage({ svg, onRefresh }: { svg: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const src = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : '';
  return (
    <button type="button" className="client-captcha" onClick={onRefresh} aria-label={t('captcha_refresh')} data-testid="client-captcha">
      {src && <img src={src} alt="" />}
    </button>
  );
}
