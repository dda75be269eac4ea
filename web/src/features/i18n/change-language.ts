import i18next from 'i18next';
import { toast } from 'sonner';
import { browser } from '@/lib/browser';
import { setCookie } from '@/lib/cookies';
import type { LanguageCode } from '@/lib/locale';
import { local, LS } from '@/lib/storage';

export const LANG_COOKIE_MAX_AGE = 31_536_000;

/**
 * Stores the choice where every later load looks for it and reloads, so every
 * server answer and the locale chunk come in the new language. Refused while a
 * game window is open (spec section 4): a reload would cut the game off.
 */
export function changeLanguage(lang: LanguageCode): boolean {
  if (local.get(LS.isPlay) === '1') {
    toast.error(i18next.t('playing_error'));
    return false;
  }
  setCookie('lang', lang, { maxAge: LANG_COOKIE_MAX_AGE, path: '/' });
  setCookie('i18n_redirected', lang, { days: 365, path: '/', sameSite: 'Lax' });
  local.set(LS.lang, lang);
  browser.reload();
  return true;
}
