import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '@/api/keys';
import { browser } from '@/lib/browser';
import { onRealtimeEvent } from '@/lib/realtime';
import { isLoggedIn, onLogout } from '@/lib/session';
import { resetRecall } from '../recall/store';
import { leave1 } from '../api/launch';
import { currentGameWindow, isPlaying, launchStore, quitGame, quitLeftGame, useLaunchDialog, useLaunchState } from '../launch/store';
import { isQuickGame } from '../messages';
import { ForceStopGuard } from './ForceStopGuard';

const GameFrameModal = lazy(() => import('./GameFrameModal'));
const LaunchDialogs = lazy(() => import('./LaunchDialogs'));

/** Spec section 9: the quit-game routine runs 300 ms after start when isPlay was left at 1. */
export const START_QUIT_DELAY_MS = 300;

/**
 * Page-wide game launch duties: isPlay on start and on a back-forward cache
 * restore, quickGame from the game window or the modal's iframe, quitting
 * at logout, a finished balance recall, the force-stop warning, and the game modal and launch dialogs.
 */
export function GameLaunchHost() {
  const qc = useQueryClient();
  useEffect(() => {
    // A previous page left a game running: quit it (spec section 4), on the
    // server too, or the member's money would stay in that game.
    const timer = isPlaying() ? setTimeout(() => void quitLeftGame(isLoggedIn() ? leave1 : null), START_QUIT_DELAY_MS) : undefined;

    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted && isPlaying()) browser.reload();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || !isQuickGame(e.data)) return;
      const s = launchStore.get();
      if (s.status === 'idle') return;
      // Only the game this page opened may close it: its window or the modal's iframe.
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-testid="game-frame"], iframe[data-testid="room-frame"]');
      const fromGame = (currentGameWindow() && e.source === currentGameWindow()) || (frame && e.source === frame.contentWindow);
      if (fromGame) void quitGame();
    };
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('message', onMessage);
    const offLogout = onLogout(() => {
      void quitGame();
      resetRecall();
    });
    // A recall finished (here or in another tab): the layout's cash is stale.
    const offRecalled = onRealtimeEvent('all_transfer_back', () => void qc.invalidateQueries({ queryKey: keys.member.layouts() }));
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('message', onMessage);
      offLogout();
      offRecalled();
    };
  }, [qc]);

  const state = useLaunchState();
  const dialog = useLaunchDialog();
  const modal = state.mode === 'modal' && state.status === 'playing' && state.url;
  return (
    <Suspense fallback={null}>
      <ForceStopGuard />
      {modal && <GameFrameModal url={state.url!} title={state.target?.name ?? ''} onClose={() => void quitGame()} />}
      {dialog && <LaunchDialogs dialog={dialog} />}
    </Suspense>
  );
}
