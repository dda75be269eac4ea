export { initI18n } from './i18n';
export { detectLanguage } from './detect';
export { changeLanguage } from './change-language';
export { LanguageSelector } from './components/LanguageSelector';
