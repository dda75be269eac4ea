import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Modal } from '@/components/ui/Modal';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { ackReality, type RealityCheck } from '../api/limits';

/**
 * The reality check of a refused launch (650): elapsed play, the net
 * position, links to the history and the limits, and the acknowledgement
 * that lets the member start a game again.
 */
export function RealityDialog({ check, onClose }: { check: Pick<RealityCheck, 'elapsed_minutes' | 'net'>; onClose: () => void }) {
  const { t } = useTranslation();
  const cur = useWalletCurrency();
  const [busy, setBusy] = useState(false);
  const ack = async () => {
    setBusy(true);
    try {
      await ackReality();
      toast.success(t('reality_acknowledged'), { id: 'reality' });
      onClose();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t('reality_ack_failed'), { id: 'reality' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('reality_title')}
      testId="reality-dialog"
      footer={
        <button type="button" className="btn btn--gold" disabled={busy} onClick={ack} data-testid="reality-dialog-ack">
          {t('reality_continue')}
        </button>
      }
    >
      <p data-testid="reality-dialog-elapsed">{t('reality_elapsed', { minutes: check.elapsed_minutes })}</p>
      <p data-testid="reality-dialog-net">
        {t('reality_net')} <strong className={check.net < 0 ? 'is-out' : 'is-in'}>{cur.money(check.net, { signed: true })}</strong>
      </p>
      <p className="muted">
        <a href="/user?page=Transaction" target="_blank" rel="noopener" data-testid="reality-dialog-history">
          {t('reality_history')}
        </a>
        {' · '}
        <a href="/user?page=Limits" target="_blank" rel="noopener" data-testid="reality-dialog-limits">
          {t('reality_limits')}
        </a>
      </p>
    </Modal>
  );
}
