import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDevice } from '@/lib/device-context';
import { isExternalUrl } from '@/lib/browser';
import { useLanguage } from '@/lib/use-language';
import { sponsorQuery } from '../api/pages';
import { PageFrame } from './PageFrame';

/** /sponsor: the site's sponsorships (/web/model_sponsor of the template's model version). */
export function SponsorPage() {
  const { t } = useTranslation();
  const device = useDevice();
  const { data, isPending } = useQuery(sponsorQuery(useLanguage(), device === 'desktop' ? 1 : 2));
  return (
    <PageFrame title={t('sponsor')} testId="sponsor-page">
      {isPending && <div className="skeleton content-page__loading" />}
      {data && !data.length && <p className="muted">{t('no_sponsors')}</p>}
      <ul className="sponsor-list">
        {data?.map((s) => {
          const body = (
            <>
              {s.photo && <img src={s.photo} alt="" />}
              <div>
                <h2>{s.title}</h2>
                <p>{s.content}</p>
              </div>
            </>
          );
          return (
            <li key={s.id} className="sponsor-card" data-testid="sponsor-card">
              {s.url ? (
                <a href={s.url} {...(isExternalUrl(s.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {body}
                </a>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </PageFrame>
  );
}
