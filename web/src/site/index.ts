// The site kernel: env_config, the visitor and the site currency, readable by
// every feature, template and app module (web/README.md "Layout").
export { siteDetailQuery, loadEnvConfig, loadVisitor, cachedVisitor, visitorQuery } from './api';
export { useEnvConfig, useSiteCurrency, useVisitorCurrency, useSiteTemplate, useTimeZone, useStrongPasswords, useSmsVerifySeconds, useSettingsFailureNotice } from './hooks';
export { resolveSiteCurrency, type CurrencySources } from './currency';
export { FALLBACK_ENV_CONFIG } from './fallback-env';
export { MOBILE_TEMPLATES, mobileTemplateName } from './template';
export type { EnvConfig, SiteCurrency, SiteLanguage, Visitor } from './types';
