import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { closesGame } from '../launch/force-stop';
import { launchStore, pendingStopStore, quitGame } from '../launch/store';

/**
 * The force-stop warning, for a window asked through confirmGameStop and for
 * an in-app navigation to one of those pages (held here). Confirming quits
 * the game (leave, so the money comes back) and then goes on.
 */
export function ForceStopGuard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pending = useSyncExternalStore(pendingStopStore.subscribe, pendingStopStore.get, pendingStopStore.get);
  // The store, not the rendered state: a confirmed window request may navigate in the same click.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      launchStore.get().status === 'playing' && currentLocation.pathname !== nextLocation.pathname && closesGame(nextLocation.pathname),
  );
  const blocked = blocker.state === 'blocked';
  if (!pending && !blocked) return null;
  const onConfirm = () => {
    if (pending) {
      pendingStopStore.set(null);
      // isPlay goes to 0 at once, before the page opens; the window opens inside this click.
      void quitGame();
      pending.go();
      return;
    }
    setBusy(true);
    void quitGame().finally(() => {
      setBusy(false);
      blocker.proceed?.();
    });
  };
  const onCancel = () => {
    if (pending) pendingStopStore.set(null);
    else blocker.reset?.();
  };
  return (
    <ConfirmDialog
      title={t('force_stop_title')}
      text={t('force_stop_warning')}
      confirm={t('force_stop_confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
      testId="force-stop"
      confirmTestId="force-stop-confirm"
    />
  );
}
