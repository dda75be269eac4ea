import '../components/games.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { DemoModeNotice, GameGrid } from '../components/GameGrid';
import { HallHeader, ProviderTabs } from '../components/Hall';
import type { Game } from '@/api';
import { useEnvConfig } from '@/site';
import { useGameLaunch } from '../hooks/useGameLaunch';
import { useSlotList } from '../hooks/useSlotList';
import { launchStore, quitGame, useLaunchState } from '../launch/store';
import { LabelTabs } from './SlotListPage';

/**
 * /gameRoom (desktop; for slots only with env_config.game_room_mode): providers down the side,
 * the games beside them, and the game itself played on a stage in the room.
 */
export function GameRoomPage() {
  const { t } = useTranslation();
  const device = useDevice();
  const { game_room_mode: gameRoomMode, demo_mode: demoMode } = useEnvConfig();
  const { search } = useLocation();
  const list = useSlotList();
  const launch = useGameLaunch({ preferred: 'page', inPage: true });
  const s = useLaunchState();
  // Leaving the room ends the game on its stage.
  useEffect(
    () => () => {
      if (launchStore.get().mode === 'page') void quitGame();
    },
    [],
  );
  // Spec: a desktop room; slots (gt_id 2) get it only in game-room mode.
  if (device !== 'desktop' || (list.gtId === 2 && !gameRoomMode)) {
    return <Navigate to={list.gtId === 2 ? `/slotgame${search}` : `/gameHall/${list.gtId}${search}`} replace />;
  }
  const onStage = s.mode === 'page' && s.status !== 'idle';
  return (
    <div className="container hall game-room" data-testid="game-room">
      <HallHeader type={list.type} title={t('game_room')} />
      {demoMode && <DemoModeNotice />}
      <div className="game-room__body">
        <aside className="game-room__side">
          <ProviderTabs providers={list.providers} value={list.gp} onChange={(gp) => list.select({ gp })} popular vertical />
        </aside>
        <div className="game-room__main">
          <section className={`game-room__stage${onStage ? ' is-playing' : ''}`} data-testid="room-stage">
            {onStage && s.url ? (
              <>
                <header className="game-room__stage-head">
                  <strong>{s.target?.name}</strong>
                  <span className="game-frame__note" data-testid="game-money-note">
                    {s.real ? t('real_money_note') : t('demo_play_note')}
                  </span>
                  <button type="button" className="modal__close" onClick={() => void quitGame()} aria-label={t('close_game')} data-testid="room-close">
                    <CloseIcon />
                  </button>
                </header>
                <iframe className="game-room__frame" src={s.url} title={s.target?.name ?? ''} allow="fullscreen; autoplay" data-testid="room-frame" />
              </>
            ) : (
              <p className="muted">{s.status === 'starting' ? t('loading_game') : t('game_room_hint')}</p>
            )}
          </section>
          <LabelTabs list={list} />
          <GameGrid games={list.games} loading={list.loading} onPlay={(g: Game) => void launch(g)} compact testId="hall-games" />
        </div>
      </div>
    </div>
  );
}
