import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { quitGame, useLaunchState } from '../launch/store';

/** Spec section 4: pages that close a running game ask first (the force-stop warning). */
export const FORCE_STOP_PATHS = ['/user', '/proxy', '/fastPayment'] as const;

export function closesGame(pathname: string): boolean {
  return FORCE_STOP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Holds a navigation to one of those pages while a game plays: confirming
 * quits the game (leave, so the money comes back) and then goes on.
 */
export function ForceStopGuard() {
  const { t } = useTranslation();
  const playing = useLaunchState().status === 'playing';
  const [busy, setBusy] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => playing && currentLocation.pathname !== nextLocation.pathname && closesGame(nextLocation.pathname),
  );
  if (blocker.state !== 'blocked') return null;
  const onConfirm = () => {
    setBusy(true);
    void quitGame().finally(() => {
      setBusy(false);
      blocker.proceed();
    });
  };
  return (
    <ConfirmDialog
      title={t('force_stop_title')}
      text={t('force_stop_warning')}
      confirm={t('force_stop_confirm')}
      onConfirm={onConfirm}
      onCancel={() => blocker.reset()}
      busy={busy}
      testId="force-stop"
      confirmTestId="force-stop-confirm"
    />
  );
}
