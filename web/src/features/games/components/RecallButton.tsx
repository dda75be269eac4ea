import { useTranslation } from 'react-i18next';
import { recallBalance } from '../recall/recall';
import { useRecallState } from '../recall/store';

/** The one-key recall (or one provider's, with gpId), with its cool-down in seconds. */
export function RecallButton({ gpId, className = 'btn btn--ghost btn--sm' }: { gpId?: number; className?: string }) {
  const { t } = useTranslation();
  const { running, cooldown } = useRecallState();
  return (
    <button
      type="button"
      className={className}
      disabled={running || cooldown > 0}
      aria-busy={running}
      onClick={() => void recallBalance(gpId)}
      data-testid={gpId ? `recall-${gpId}` : 'recall-all'}
    >
      {cooldown > 0 ? t('recall_wait', { seconds: cooldown }) : t(gpId ? 'recall_provider' : 'recall_all')}
    </button>
  );
}
