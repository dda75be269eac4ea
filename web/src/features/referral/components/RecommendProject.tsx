import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { useSession } from '@/lib/session';
import { inviteLink, projectQuery } from '../api/referral';
import { useRecommendFeature } from '../hooks/useReferral';
import { NotAvailable } from './NotAvailable';
import { QrCode } from './QrCode';
import './referral.css';

async function copy(text: string, ok: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(ok);
  } catch {
    toast.error(failed);
  }
}

/** Member centre RecommendProject: the plan in words, the member's invite link and code, and a QR code of the link. */
export function RecommendProject() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const feature = useRecommendFeature();
  const res = useQuery(projectQuery(session.memberId, feature.available === true));
  if (feature.available === false) return <NotAvailable title={t('uc_RecommendProject')} />;
  const p = res.data?.plan;
  const link = res.data ? inviteLink(window.location.origin, res.data.recommend_code, cur.code || p?.currency || '') : '';
  const percent = p ? new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 2 }).format(p.share_percent) : '';

  return (
    <section className="uc-card" data-testid="uc-recommend-project">
      <header className="uc-card__head">
        <h2>{t('uc_RecommendProject')}</h2>
      </header>
      {!res.data || !p ? (
        res.isError ? (
          <p className="muted" data-testid="ref-failed">
            {t('wallet_failed')}
          </p>
        ) : (
          <div className="skeleton uc-skeleton" data-testid="ref-loading" />
        )
      ) : (
        <div className="ref-project">
          <div className="ref-plan" data-testid="ref-plan">
            <h3>{t('ref_plan_title')}</h3>
            <ul>
              {p.first_deposit_reward > 0 && (
                <li data-testid="ref-plan-first">{t('ref_plan_first', { min: cur.money(p.first_deposit_min), reward: cur.money(p.first_deposit_reward) })}</li>
              )}
              {p.share_percent > 0 && (
                <li data-testid="ref-plan-share">
                  {p.share_period === 'week' ? t('ref_plan_share_week', { percent }) : t('ref_plan_share_day', { percent })}{' '}
                  {p.share_cap > 0 && (p.share_period === 'week' ? t('ref_plan_cap_week', { cap: cur.money(p.share_cap) }) : t('ref_plan_cap_day', { cap: cur.money(p.share_cap) }))}
                </li>
              )}
              <li>{t('ref_plan_paid_to')}</li>
            </ul>
          </div>
          <div className="ref-share">
            <div className="ref-fields">
              <label className="ref-field">
                <span className="muted">{t('ref_link')}</span>
                <span className="ref-field__row">
                  <input className="input wallet-mono" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="ref-link" />
                  <button type="button" className="btn btn--gold btn--sm" onClick={() => void copy(link, t('ref_copied'), t('ref_copy_failed'))} data-testid="ref-copy-link">
                    {t('ref_copy')}
                  </button>
                </span>
              </label>
              <label className="ref-field">
                <span className="muted">{t('ref_code')}</span>
                <span className="ref-field__row">
                  <input className="input wallet-mono ref-code" readOnly value={res.data.recommend_code} onFocus={(e) => e.currentTarget.select()} data-testid="ref-code" />
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy(res.data.recommend_code, t('ref_copied'), t('ref_copy_failed'))} data-testid="ref-copy-code">
                    {t('ref_copy')}
                  </button>
                </span>
              </label>
            </div>
            <figure className="ref-qr-box">
              <QrCode text={link} label={t('ref_qr')} />
              <figcaption className="muted">{t('ref_qr')}</figcaption>
            </figure>
          </div>
        </div>
      )}
    </section>
  );
}
