import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUp } from './icons';

const SHOW_AFTER_PX = 400;
/** With revealOnScrollUp: how long the button stays after the last upward scroll. */
export const GO_TOP_LINGER_MS = 2500;

interface GoTopProps {
  bottom?: number;
  /**
   * Shown only while the reader scrolls back up (and briefly after): on a
   * phone the lists run edge to edge and a resting button would sit on them.
   */
  revealOnScrollUp?: boolean;
}

export function GoTop({ bottom = 24, revealOnScrollUp }: GoTopProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      const far = y > SHOW_AFTER_PX;
      if (!revealOnScrollUp) setVisible(far);
      else if (!far || y > lastY) setVisible(false);
      else if (y < lastY) {
        setVisible(true);
        clearTimeout(timer);
        timer = setTimeout(() => setVisible(false), GO_TOP_LINGER_MS);
      }
      lastY = y;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [revealOnScrollUp]);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="go-top"
      style={{ bottom }}
      aria-label={t('go_top')}
      data-testid="go-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp />
    </button>
  );
}
