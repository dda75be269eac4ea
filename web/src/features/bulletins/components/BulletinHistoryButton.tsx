import { useTranslation } from 'react-i18next';
import { HistoryIcon } from '@/components/ui/icons';
import { openModal } from '@/lib/modals';

export function BulletinHistoryButton({ withLabel }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`icon-button${withLabel ? ' icon-button--label' : ''}`}
      aria-label={t('bulletin_history')}
      title={t('bulletin_history')}
      data-testid="bulletin-history-open"
      onClick={() => openModal('bulletin-history')}
    >
      <HistoryIcon width={18} height={18} />
      {withLabel && <span>{t('promotions_notice')}</span>}
    </button>
  );
}
