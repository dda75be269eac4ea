import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { useTimeZone } from '@/site';
import type { PageItem } from '../types';

/** A promotion's dates in the site's time zone: from-until, until, from, or ongoing. */
export function PromoPeriod({ item }: { item: Pick<PageItem, 'start_at' | 'end_at'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const timeZone = useTimeZone();
  const start = formatDateTime(item.start_at, lang, timeZone, 'date');
  const end = formatDateTime(item.end_at, lang, timeZone, 'date');
  let text = t('promo_ongoing');
  if (start && end) text = t('promo_period', { start, end });
  else if (end) text = t('promo_until', { date: end });
  else if (start) text = t('promo_from', { date: start });
  return (
    <p className="promo-period" data-testid="promo-period">
      {text}
    </p>
  );
}
