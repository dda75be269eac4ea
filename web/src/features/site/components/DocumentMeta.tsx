import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { logoQuery } from '../api/site';
import { useEnvConfig } from '@/site';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Page title per language and the fixed Vietnamese description of spec section 2. */
export function DocumentMeta() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  const lang = useLanguage();
  const { data: logos } = useQuery(logoQuery());

  useEffect(() => {
    const titles = env.seo?.title;
    const title = lang === 'zh_CN' ? titles?.zh_CN || titles?.default : titles?.default;
    document.title = title || env.site_name;
  }, [env, lang]);

  useEffect(() => {
    if (lang !== 'vi_VN') return;
    setMeta('name', 'description', t('seo_vi_description'));
    setMeta('name', 'keywords', t('seo_vi_keywords'));
    setMeta('property', 'og:description', t('seo_vi_description'));
  }, [lang, t]);

  useEffect(() => {
    const favicon = logos?.find((l) => l.type === 'favicon')?.photo_path;
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (favicon && link) link.href = favicon;
  }, [logos]);

  return null;
}
