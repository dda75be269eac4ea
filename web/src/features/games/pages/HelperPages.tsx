import '../components/games.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUICK_GAME } from '../messages';

/** Tells the lobby that opened this window or frame that the game is over. */
export function postQuickGame(): 'opener' | 'parent' | null {
  const msg = { msg: QUICK_GAME };
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(msg, window.location.origin);
      return 'opener';
    }
  } catch {
    /* an opener of another origin */
  }
  if (window.parent !== window) {
    window.parent.postMessage(msg, window.location.origin);
    return 'parent';
  }
  return null;
}

/** /close: the lobby return URL a game navigates to when the player leaves it. */
export function ClosePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const to = postQuickGame();
    const timer = setTimeout(() => {
      if (to === 'opener') window.close();
      // Still here (not script-opened, or a frame): go to the lobby.
      if (to !== 'parent') window.location.assign('/');
    }, 400);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="helper-page" data-testid="close-page">
      <div className="spinner spinner--lg" aria-hidden="true" />
      <p>{t('close_page')}</p>
      <Link to="/" className="btn btn--ghost btn--sm">
        {t('back_home')}
      </Link>
    </div>
  );
}
