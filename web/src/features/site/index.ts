// Public surface of the site feature (the site's chrome: logo, footers, side
// float, meta, SEO block, app bar, device hints), for app/ and templates/.
// env_config and the site currency are the kernel's (@/site).
export { templateConfigQuery, logoQuery } from './api/site';
export { classifyFooterLink } from './footer-links';
export type { TemplateConfig } from './types';
export { SiteLogo } from './components/SiteLogo';
export { DesktopFooter } from './components/DesktopFooter';
export { MobileFooterNav } from './components/MobileFooterNav';
export { SideFloat, useSideFloatItems } from './components/SideFloat';
export { SeoContent } from './components/SeoContent';
export { DocumentMeta } from './components/DocumentMeta';
export { AppDownloadBar } from './components/AppDownloadBar';
export { DeviceHints } from './components/DeviceHints';
