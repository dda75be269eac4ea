import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './error-page.css';

export const DEFAULT_ERROR_STATUS = 500;

interface Props {
  status?: number;
  message?: string;
}

export function ErrorPage({ status = DEFAULT_ERROR_STATUS, message }: Props) {
  const { t } = useTranslation();

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);

  return (
    <main className="error-page" data-testid="error-page">
      <div className="error-page__card">
        <div className="error-page__status" data-testid="error-status">
          {status}
        </div>
        <h1 className="error-page__title">{status === 404 ? t('page_not_found') : t('internal_server_error')}</h1>
        {message && (
          <p className="error-page__message" data-testid="error-message">
            {message}
          </p>
        )}
        <Link to="/" className="btn btn--gold" data-testid="error-home">
          {t('back_home')}
        </Link>
      </div>
    </main>
  );
}
