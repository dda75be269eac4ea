import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openModal } from '@/lib/modals';
import './placeholder.css';

interface Props {
  titleKey: string;
  /** shows "open the register form" (the /register page in development) */
  registerAction?: boolean;
}

// Pages whose features arrive in later issues: a titled stand-in, so every
// route of the spec already exists, links resolve and the guards can be tested.
export function PlaceholderPage({ titleKey, registerAction }: Props) {
  const { t } = useTranslation();
  return (
    <div className="container">
      <section className="placeholder" data-testid="placeholder-page">
        <h1 data-testid="page-title">{t(titleKey)}</h1>
        <p className="muted">{t('coming_soon')}</p>
        <div className="placeholder__actions">
          {registerAction && (
            <button type="button" className="btn btn--gold" onClick={() => openModal('register')}>
              {t('register')}
            </button>
          )}
          <Link to="/" className="btn btn--ghost">
            {t('back_home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
