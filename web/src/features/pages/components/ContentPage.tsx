import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/modals';
import { formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { useTimeZone } from '@/site';
import { usePage, useRouteId } from '../hooks/usePages';
import { HtmlContent } from './HtmlContent';
import { PageFrame } from './PageFrame';

/** /main/{id}: an operator's content page (about us, responsible gaming, contact ...). */
export function ContentPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const timeZone = useTimeZone();
  const { data } = usePage('main', useRouteId());
  return (
    <PageFrame title={data?.title ?? ''} testId="content-page">
      {data ? (
        <>
          <HtmlContent html={data.content} testId="page-content" />
          <footer className="content-page__foot">
            <span className="muted">{t('page_updated', { date: formatDateTime(data.updated_at, lang, timeZone, 'date') })}</span>
            <button type="button" className="btn btn--ghost" onClick={() => openModal('protocol')} data-testid="open-protocol">
              {t('terms')}
            </button>
          </footer>
        </>
      ) : (
        <div className="skeleton content-page__loading" />
      )}
    </PageFrame>
  );
}
