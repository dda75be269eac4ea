import { useTranslation } from 'react-i18next';

/** Previous / page n of m / next under a record table. */
export function Pager({ page, count, total, onPage, testId }: { page: number; count: number; total: number; onPage: (p: number) => void; testId: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / count));
  if (total <= count && page === 1) return null;
  return (
    <nav className="wallet-pager" aria-label={t('wallet_pages')} data-testid={testId}>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={`${testId}-prev`}>
        {t('previous')}
      </button>
      <span className="muted" data-testid={`${testId}-label`}>
        {t('wallet_page_of', { page, pages })}
      </span>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {t('next')}
      </button>
    </nav>
  );
}
