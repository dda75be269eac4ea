import { useTranslation } from 'react-i18next';
import { CloseIcon, ShareIcon } from '@/components/ui/icons';
import { useEnvConfig } from '@/site';
import './hints.css';

export default function IosHomeHint({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const env = useEnvConfig();
  return (
    <div className="ios-hint" role="dialog" aria-label={t('ios_hint_title')} data-testid="ios-home-hint">
      <button type="button" className="ios-hint__close" aria-label={t('close')} onClick={onDismiss} data-testid="ios-home-hint-close">
        <CloseIcon width={16} height={16} />
      </button>
      <strong>{t('ios_hint_title')}</strong>
      <p>
        {t('ios_hint_step', { name: env.site_name })} <ShareIcon width={16} height={16} className="ios-hint__share" />
      </p>
    </div>
  );
}
