import './pages.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDevice } from '@/lib/device-context';
import { PLATFORM } from '@/lib/device';
import { useSiteCurrency } from '@/site';
import { quickBetQuery } from '../api/pages';

const SPORT_GT_ID = 4;

/**
 * The sport quick-bet frame of the lobby. It shows only when a connected
 * sportsbook answers a page; while none exists the call answers an empty url
 * and nothing is drawn. Messages count only from the frame's own origin:
 * S001 carries its height, U003 opens the sport hall.
 */
export function SportQuickBet() {
  const { t } = useTranslation();
  const device = useDevice();
  const { code: currency } = useSiteCurrency();
  const navigate = useNavigate();
  const { data } = useQuery(quickBetQuery(currency, PLATFORM[device]));
  const [height, setHeight] = useState(360);
  const frame = useRef<HTMLIFrameElement>(null);
  const url = data?.url ?? '';

  useEffect(() => {
    if (!url) return;
    let origin: string;
    try {
      origin = new URL(url, window.location.href).origin;
    } catch {
      return;
    }
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const text = typeof e.data === 'string' ? e.data : JSON.stringify(e.data ?? '');
      if (text.includes('S001')) {
        const h = Number((e.data as { height?: unknown })?.height);
        if (Number.isFinite(h) && h > 0 && h < 10_000) setHeight(h);
      }
      if (text.includes('U003')) navigate(`/gameHall/${SPORT_GT_ID}`);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url, navigate]);

  if (!url) return null;
  return (
    <section className="quickbet" data-testid="sport-quickbet">
      <iframe ref={frame} src={url} title={t('quickbet_title')} style={{ height }} />
    </section>
  );
}
