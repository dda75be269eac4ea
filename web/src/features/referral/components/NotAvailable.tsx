import { useTranslation } from 'react-i18next';
import { LockIcon } from '@/components/ui/icons';

/** The page's card when the recommend feature is closed for the member. */
export function NotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="uc-card" data-testid="ref-unavailable">
      <header className="uc-card__head">
        <h2>{title}</h2>
      </header>
      <div className="ref-unavailable">
        <LockIcon width={32} height={32} />
        <p>{t('ref_not_available')}</p>
      </div>
    </section>
  );
}
