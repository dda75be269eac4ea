// Public surface of the site feature, for app/ and templates/.
export { siteDetailQuery, loadEnvConfig, loadVisitor, cachedVisitor, templateConfigQuery, logoQuery } from './api/site';
export { useEnvConfig } from './hooks/useEnvConfig';
export { useSiteCurrency } from './hooks/useSiteCurrency';
export { resolveSiteCurrency } from './currency';
export { classifyFooterLink } from './footer-links';
export { FALLBACK_ENV_CONFIG } from './fallback-env';
export type { EnvConfig, SiteCurrency, SiteLanguage, TemplateConfig, Visitor } from './types';
export { SiteLogo } from './components/SiteLogo';
export { DesktopFooter } from './components/DesktopFooter';
export { MobileFooterNav } from './components/MobileFooterNav';
export { SideFloat, useSideFloatItems } from './components/SideFloat';
export { SeoContent } from './components/SeoContent';
export { DocumentMeta } from './components/DocumentMeta';
export { AppDownloadBar } from './components/AppDownloadBar';
export { DeviceHints } from './components/DeviceHints';
