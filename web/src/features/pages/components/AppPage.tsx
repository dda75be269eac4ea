import { useTranslation } from 'react-i18next';
import { isExternalUrl } from '@/lib/browser';
import { useEnvConfig } from '@/site';
import { usePage } from '../hooks/usePages';
import { HtmlContent } from './HtmlContent';
import { PageFrame } from './PageFrame';

/**
 * /app: the app download page. Store buttons show for the platforms whose
 * download address is a real (http/https) one; the operator's page explains
 * installing the site on the home screen, which works without a store.
 */
export function AppPage() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const { data, isPending } = usePage('app');
  const stores = [
    { key: 'ios', label: 'app_get_ios', url: env.app_download?.ios_url },
    { key: 'android', label: 'app_get_android', url: env.app_download?.android_url },
  ].filter((s) => s.url && isExternalUrl(s.url));
  return (
    <PageFrame title={data?.title || t('app_page')} testId="app-page">
      <div className="app-page">
        {data?.image && <img className="app-page__image" src={data.image} alt="" />}
        <div>
          {data?.summary && <p className="app-page__summary">{data.summary}</p>}
          {stores.length > 0 && (
            <div className="app-page__stores">
              {stores.map((s) => (
                <a key={s.key} className="btn btn--gold" href={s.url} target="_blank" rel="noopener noreferrer" data-testid={`app-store-${s.key}`}>
                  {t(s.label)}
                </a>
              ))}
            </div>
          )}
          {isPending && <div className="skeleton content-page__loading" />}
          {data && <HtmlContent html={data.content} testId="page-content" />}
        </div>
      </div>
    </PageFrame>
  );
}
