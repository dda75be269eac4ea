import './games.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Modal } from '@/components/ui/Modal';
import { isExternalUrl } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';
import { openModal } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { useGameList } from '@/api';
import { useEnvConfig, useTimeZone } from '@/site';
import { useGameLaunch } from '../hooks/useGameLaunch';
import { playInWindow } from '../launch/launcher';
import { declineGame, dialogStore, dismissTransferDisabled, type LaunchDialog } from '../launch/store';
import type { Game } from '@/api';
import { RealityDialog } from '@/features/limits/components/RealityDialog';
import { GameGrid } from './GameGrid';

const close = () => dialogStore.set(null);

function Maintenance({ dialog }: { dialog: Extract<LaunchDialog, { kind: 'maintenance' }> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const timeZone = useTimeZone();
  const customerServiceUrl = useEnvConfig().customer_service_url;
  const start = formatDateTime(dialog.startAt, lang, timeZone, 'minute');
  const end = formatDateTime(dialog.endAt, lang, timeZone, 'minute');
  const period = start && end ? t('maintenance_window', { start, end }) : start ? t('maintenance_from', { start }) : end ? t('maintenance_until', { end }) : null;
  const service = customerServiceUrl ? (
    isExternalUrl(customerServiceUrl) ? (
      <a className="btn btn--gold" href={customerServiceUrl} target="_blank" rel="noopener noreferrer" data-testid="maintenance-service">
        {t('customer_service')}
      </a>
    ) : (
      <Link className="btn btn--gold" to={customerServiceUrl} onClick={close} data-testid="maintenance-service">
        {t('customer_service')}
      </Link>
    )
  ) : null;
  return (
    <Modal
      open
      onClose={close}
      size="sm"
      title={t('game_maintenance')}
      testId="maintenance-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            {t('close')}
          </button>
          {service}
        </>
      }
    >
      <p>{t('maintenance_text')}</p>
      {dialog.notice && (
        <p className="maintenance-notice" data-testid="maintenance-notice">
          {dialog.notice}
        </p>
      )}
      {period && (
        <p className="maintenance-window" data-testid="maintenance-window">
          {period}
        </p>
      )}
    </Modal>
  );
}

function LoginRequired() {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('login_required')}
      text={t('check_login_msg')}
      confirm={t('login')}
      onConfirm={() => {
        close();
        openModal('login');
      }}
      onCancel={close}
      testId="login-required"
      confirmTestId="login-required-login"
    />
  );
}

/** The games that can be tried with play money now. */
function DemoList() {
  const { t } = useTranslation();
  const { data: games, isPending } = useGameList();
  const launch = useGameLaunch();
  const demo = games?.filter((g) => g.connected === 1 && !g.customized);
  const onPlay = (g: Game) => {
    close();
    void launch(g);
  };
  return (
    <Modal open onClose={close} size="lg" title={t('demo_games')} testId="demo-game-list">
      <p className="muted demo-list__hint">{t('demo_games_hint')}</p>
      <GameGrid games={demo} loading={isPending} onPlay={onPlay} compact testId="demo-list-games" />
    </Modal>
  );
}

/** The game's page refuses to be framed: it opens in a window at the player's click. */
function OpenWindow({ dialog }: { dialog: Extract<LaunchDialog, { kind: 'open_window' }> }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={dialog.target.name}
      text={t('game_opens_in_window')}
      confirm={t('open_game_window')}
      onConfirm={() => {
        close();
        playInWindow(dialog.target, dialog.url);
      }}
      onCancel={() => {
        close();
        declineGame();
      }}
      testId="open-window-dialog"
      confirmTestId="open-window-play"
    />
  );
}

/** Code 957: the game's transfers are switched off; the balance stayed in the wallet. */
function TransferDisabledNotice({ dialog }: { dialog: Extract<LaunchDialog, { kind: 'transfer_disabled' }> }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={dismissTransferDisabled}
      size="sm"
      title={t('transfer_disabled_title')}
      testId="transfer-disabled-notice"
      footer={
        <button type="button" className="btn btn--gold" onClick={dismissTransferDisabled} data-testid="transfer-disabled-ok">
          {t('got_it')}
        </button>
      }
    >
      <p className="transfer-disabled__game" data-testid="transfer-disabled-game">
        {dialog.target.name}
      </p>
      <p data-testid="transfer-disabled-text">{t('game_transfer_disabled')}</p>
    </Modal>
  );
}

export default function LaunchDialogs({ dialog }: { dialog: NonNullable<LaunchDialog> }) {
  if (dialog.kind === 'maintenance') return <Maintenance dialog={dialog} />;
  if (dialog.kind === 'login_required') return <LoginRequired />;
  if (dialog.kind === 'open_window') return <OpenWindow dialog={dialog} />;
  if (dialog.kind === 'reality') return <RealityDialog check={dialog} onClose={close} />;
  if (dialog.kind === 'transfer_disabled') return <TransferDisabledNotice dialog={dialog} />;
  return <DemoList />;
}
