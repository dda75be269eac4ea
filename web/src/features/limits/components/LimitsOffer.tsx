import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { limitsQuery } from '../api/limits';
import '@/components/ui/form.css';
import './limits.css';

const dismissedKey = (memberId: string) => `limits_offer_dismissed:${memberId}`;

/**
 * The offer to set limits at the first deposit (issue 14): shown on the
 * Deposit page while the member has no limit at all, so a newcomer meets it
 * before paying in, until they set one or say "not now" (remembered in this
 * browser). It says "no limits yet", not "first deposit": that is what it
 * knows.
 */
export function LimitsOffer() {
  const { t } = useTranslation();
  const { memberId } = useSession();
  const limits = useQuery(limitsQuery(memberId));
  const [dismissed, setDismissed] = useState(() => !!memberId && localStorage.getItem(dismissedKey(memberId)) === '1');
  if (!memberId || dismissed || !limits.data || limits.data.length > 0) return null;
  const dismiss = () => {
    localStorage.setItem(dismissedKey(memberId), '1');
    setDismissed(true);
  };
  return (
    <div className="wallet-notice limits-offer" role="note" data-testid="limits-offer">
      <p>{t('limits_offer_deposit')}</p>
      <p className="limits-offer__actions">
        <Link to="/user/Limits" data-testid="limits-offer-set">
          {t('limits_offer_action')}
        </Link>
        <button type="button" className="link-button" onClick={dismiss} data-testid="limits-offer-dismiss">
          {t('limits_offer_dismiss')}
        </button>
      </p>
    </div>
  );
}
