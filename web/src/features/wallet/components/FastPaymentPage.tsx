import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LockIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { openModal } from '@/lib/modals';
import { setPendingTarget, useSession } from '@/lib/session';
import { openMemberCentre } from '@/features/auth/member-centre';
import { DepositForm } from './DepositForm';
import './wallet.css';

/** /fastPayment: the quick deposit window (a sized pop-up on desktop, the tab on a phone). */
export function FastPaymentPage() {
  const { t } = useTranslation();
  const session = useSession();
  const device = useDevice();
  const navigate = useNavigate();

  useEffect(() => {
    if (session.token) return;
    toast.warning(t('check_login_msg'), { id: 'check-login' });
    setPendingTarget('/fastPayment');
    openModal('login');
  }, [session.token, t]);

  return (
    <div className="fast-payment" data-testid="fast-payment">
      <section className="uc-card">
        <header className="uc-card__head">
          <h2>{t('fast_payment')}</h2>
        </header>
        {session.token ? (
          <DepositForm helper="fast" onBindAccount={() => openMemberCentre(device, (to) => void navigate(to), 'BindAccount')} />
        ) : (
          <div className="uc-guest" data-testid="fast-payment-guest">
            <LockIcon width={36} height={36} />
            <p>{t('check_login_msg')}</p>
            <button type="button" className="btn btn--gold" onClick={() => openModal('login')}>
              {t('login')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

export default FastPaymentPage;
