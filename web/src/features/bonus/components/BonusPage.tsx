import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDateTime } from '@/lib/format';
import { useTimeZone } from '@/site';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import type { BonusStatus, MemberBonus } from '../api/bonus';
import { useBonuses, useForfeit } from '../hooks/useBonuses';
import './bonus.css';

const STATUS: Record<BonusStatus, string> = {
  pending: /* i18n */ 'bonus_status_pending',
  active: /* i18n */ 'bonus_status_active',
  released: /* i18n */ 'bonus_status_released',
  forfeited: /* i18n */ 'bonus_status_forfeited',
  expired: /* i18n */ 'bonus_status_expired',
  cancelled: /* i18n */ 'bonus_status_cancelled',
};

/** Member centre Bonus: each bonus with its turnover progress, expiry and a forfeit. */
export function BonusPage() {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  const [confirming, setConfirming] = useState<MemberBonus | null>(null);
  const { forfeit, busy } = useForfeit();
  const list = bonuses.data ?? [];
  return (
    <section className="uc-card" data-testid="uc-bonus">
      <header className="uc-card__head">
        <h2>{t('uc_Bonus')}</h2>
      </header>
      <p className="muted">{t('bonus_intro')}</p>
      {bonuses.isPending ? (
        <div className="skeleton uc-skeleton" data-testid="bonus-loading" />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="bonus-none">
          {t('bonus_none')} <Link to="/discount">{t('bonus_see_promotions')}</Link>
        </p>
      ) : (
        <ul className="bonus-list">
          {list.map((b) => (
            <BonusRow key={b.id} bonus={b} onForfeit={() => setConfirming(b)} />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('bonus_forfeit_title')}
          text={t(confirming.status === 'pending' ? 'bonus_forfeit_pending_text' : 'bonus_forfeit_text')}
          confirm={t('bonus_forfeit')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void forfeit(confirming.id).then((ok) => ok && setConfirming(null))}
          testId="bonus-forfeit-dialog"
          confirmTestId="bonus-forfeit-confirm"
        />
      )}
    </section>
  );
}

function BonusRow({ bonus: b, onForfeit }: { bonus: MemberBonus; onForfeit: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const cur = useWalletCurrency();
  const open = b.status === 'pending' || b.status === 'active';
  const pct = b.turnover_required > 0 ? Math.min(100, Math.floor((b.turnover_done / b.turnover_required) * 100)) : 100;
  return (
    <li className={`bonus-row bonus-row--${b.status}`} data-testid={`bonus-${b.id}`}>
      <div className="bonus-row__head">
        <strong>{b.title}</strong>
        <span className={`bonus-badge bonus-badge--${b.status}`} data-testid={`bonus-status-${b.id}`}>
          {t(STATUS[b.status])}
        </span>
      </div>
      {b.status === 'pending' ? (
        <p className="muted">{t('bonus_waiting_deposit')}</p>
      ) : (
        <>
          <div className="bonus-row__amounts">
            <span>
              {t('bonus_amount')}: <strong data-testid={`bonus-amount-${b.id}`}>{cur.money(b.amount)}</strong>
            </span>
            {b.deposit > 0 && (
              <span>
                {t('bonus_deposit')}: {cur.money(b.deposit)}
              </span>
            )}
          </div>
          <div className="bonus-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('bonus_turnover')}>
            <div className="bonus-progress__bar" style={{ width: `${pct}%` }} />
          </div>
          <div className="bonus-row__amounts">
            <span data-testid={`bonus-turnover-${b.id}`}>
              {t('bonus_turnover')}: {cur.money(b.turnover_done)} / {cur.money(b.turnover_required)}
            </span>
            {b.status === 'active' && (
              <span data-testid={`bonus-remaining-${b.id}`}>
                {t('bonus_remaining')}: {cur.money(b.turnover_remaining)}
              </span>
            )}
          </div>
        </>
      )}
      {b.taken_back > 0 && <p className="muted">{t('bonus_taken_back', { amount: cur.money(b.taken_back) })}</p>}
      {b.reason && <p className="muted">{t('bonus_reason', { reason: b.reason })}</p>}
      <div className="bonus-row__foot">
        <span className="muted">
          {open ? t('bonus_expires', { time: formatDateTime(b.expires_at, i18n.language, zone, 'short') }) : formatDateTime(b.closed_at ?? b.applied_at, i18n.language, zone, 'short')}
        </span>
        {open && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onForfeit} data-testid={`bonus-forfeit-${b.id}`}>
            {t('bonus_forfeit')}
          </button>
        )}
      </div>
    </li>
  );
}
