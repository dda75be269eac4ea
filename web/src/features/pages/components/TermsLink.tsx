import './pages.css';
import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/modals';

/** Opens the protocol (terms) modal; the footers show it. */
export function TermsLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={`link-button ${className ?? ''}`} onClick={() => openModal('protocol')} data-testid="terms-link">
      {t('terms')}
    </button>
  );
}
