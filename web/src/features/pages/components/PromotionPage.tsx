import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BonusOffers } from '@/features/bonus';
import { usePage, usePageList, useRouteId } from '../hooks/usePages';
import { HtmlContent } from './HtmlContent';
import { PageFrame } from './PageFrame';
import { PromoPeriod } from './PromoPeriod';

function OtherPromotions({ current }: { current: number }) {
  const { t } = useTranslation();
  const { data } = usePageList('discount');
  const others = data?.filter((p) => p.id !== current) ?? [];
  if (!others.length) return null;
  return (
    <section className="side-list">
      <h2>{t('promo_more')}</h2>
      <ul>
        {others.map((p) => (
          <li key={p.id}>
            <Link to={`/discount/${p.id}`}>{p.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /discount/{id}: one promotion. */
export function PromotionPage() {
  const { t } = useTranslation();
  const id = useRouteId();
  const { data } = usePage('discount', id);
  return (
    <PageFrame title={data?.title ?? ''} testId="promotion-page" back={{ to: '/discount', label: 'promo_all' }} aside={<OtherPromotions current={id} />}>
      {!data && <div className="skeleton content-page__loading" />}
      {data && (
        <article className="promo-detail">
          {data.image && <img className="promo-detail__image" src={data.image} alt="" />}
          <PromoPeriod item={data} />
          {data.summary && <p className="promo-detail__summary">{data.summary}</p>}
          <HtmlContent html={data.content} testId="page-content" />
          <BonusOffers pageId={id} />
        </article>
      )}
      {!data && <span className="sr-only">{t('loading')}</span>}
    </PageFrame>
  );
}
