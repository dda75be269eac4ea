import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePage, usePageList, useRouteId } from '../hooks/usePages';
import { HtmlContent } from './HtmlContent';
import { PageFrame } from './PageFrame';

function FaqList({ current }: { current?: number }) {
  const { t } = useTranslation();
  const { data, isPending } = usePageList('faq');
  if (isPending) return <div className="skeleton content-page__loading" />;
  if (!data?.length) return <p className="muted">{t('no_faq')}</p>;
  return (
    <ul className="faq-list" data-testid="faq-list">
      {data.map((q) => (
        <li key={q.id} className={q.id === current ? 'is-current' : undefined}>
          <Link to={`/faq/${q.id}`} aria-current={q.id === current ? 'page' : undefined} data-testid={`faq-${q.id}`}>
            <strong>{q.title}</strong>
            {current === undefined && q.summary && <span>{q.summary}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /faq: every question. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('faq')} testId="faq-page">
      <FaqList />
    </PageFrame>
  );
}

/** /faq/{id}: one answer, with the other questions beside (desktop) or below (mobile) it. */
export function FaqEntryPage() {
  const id = useRouteId();
  const { data } = usePage('faq', id);
  return (
    <PageFrame title={data?.title ?? ''} testId="faq-entry-page" back={{ to: '/faq', label: 'faq_all' }} aside={<FaqList current={id} />}>
      {data ? <HtmlContent html={data.content} testId="page-content" /> : <div className="skeleton content-page__loading" />}
    </PageFrame>
  );
}
