import '../components/games.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ChevronLeft } from '@/components/ui/icons';
import { launchStore, quitGame, useLaunchState } from '../launch/store';

/** /play: the game in the page (open mode "page"); back returns to the lobby. */
export function PlayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const s = useLaunchState();
  useEffect(
    () => () => {
      if (launchStore.get().mode === 'page') void quitGame();
    },
    [],
  );
  if (s.mode !== 'page' || !s.url || s.status === 'idle') return <Navigate to="/" replace />;
  const back = () => {
    void quitGame();
    navigate('/');
  };
  return (
    <div className="play-page container" data-testid="play-page">
      <header className="play-page__head">
        <button type="button" className="btn btn--ghost btn--sm" onClick={back} data-testid="play-back">
          <ChevronLeft /> {t('back_home')}
        </button>
        <h1>{s.target?.name}</h1>
        <span className="game-frame__note" data-testid="game-money-note">
          {s.real ? t('real_money_note') : t('demo_play_note')}
        </span>
      </header>
      {s.status === 'playing' && <iframe className="play-page__frame" src={s.url} title={s.target?.name ?? ''} allow="fullscreen; autoplay" data-testid="game-frame" />}
    </div>
  );
}
