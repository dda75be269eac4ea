import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '@/lib/locale';

export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
