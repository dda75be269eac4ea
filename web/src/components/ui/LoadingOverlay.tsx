import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './loading-overlay.css';

export const LOADING_REMOVE_DELAY_MS = 400;

/** True while `active`, and for `delayMs` after it clears, so short gaps do not flicker. */
export function useLingeringFlag(active: boolean, delayMs = LOADING_REMOVE_DELAY_MS): boolean {
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) {
      setShown(true);
      return;
    }
    const id = setTimeout(() => setShown(false), delayMs);
    return () => clearTimeout(id);
  }, [active, delayMs]);
  return active || shown;
}

export function LoadingOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const shown = useLingeringFlag(active);
  if (!shown) return null;
  return (
    <div className={`loading-overlay${active ? '' : ' is-leaving'}`} data-testid="loading-overlay" role="status" aria-live="polite">
      <div className="spinner spinner--lg" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
