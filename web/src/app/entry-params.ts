// Entry query parameters of spec section 2, recorded once on the first load.
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import { local, LS } from '@/lib/storage';
import { setAppMode, type AppPage } from '@/lib/ui-store';

/** _fbp lifetime (spec section 9). */
export const FBP_MAX_AGE = 7_776_000;

export interface EntryContext {
  /** env_config.link_expire_time: LINK_EXPIRE_TIME in minutes */
  linkExpireMinutes: number;
  /** codes the site offers (env_config.currencies) */
  currencies: readonly string[];
  /** the site currency already resolved for this visitor, if any */
  siteCurrency?: string;
  now?: number;
  secure?: boolean;
}

export interface EntryResult {
  modal?: 'login' | 'register';
}

const APP_PAGES: readonly AppPage[] = ['header', 'content', 'footer'];

export function recordEntryParams(params: URLSearchParams, ctx: EntryContext): EntryResult {
  const now = ctx.now ?? Date.now();
  const minutes = ctx.linkExpireMinutes > 0 ? ctx.linkExpireMinutes : 60;
  const result: EntryResult = {};

  const currency = params.get('currency')?.trim().toUpperCase();
  const currencyOk = !!currency && (ctx.currencies.length === 0 || ctx.currencies.includes(currency));
  if (currency && currencyOk) {
    setCookie('currency', currency, { days: 1 });
    setCookie('ccy', currency, { days: 1 });
  }

  // An agent link and an invite link are two kinds of introducer; the agent wins.
  const agent = params.get('id')?.trim();
  const invite = params.get('invite')?.trim();
  if (agent) {
    setCookie('register_type', 'member_agent', { minutes });
    setCookie('member_agent', agent, { minutes });
    removeCookie('recommend_code');
  } else if (invite && (currencyOk || !!ctx.siteCurrency)) {
    setCookie('register_type', 'recommend_code', { minutes });
    setCookie('recommend_code', invite, { minutes });
    removeCookie('member_agent');
  }

  const modal = params.get('modal');
  if (modal === 'login' || modal === 'register') result.modal = modal;

  if (params.has('pwa')) local.set(LS.pwa, '1');

  const fbclid = params.get('fbclid')?.trim();
  if (fbclid) {
    // Secure cookies are dropped by browsers on plain http (local runs), which
    // would lose the click id entirely, so Secure follows the page's scheme.
    const secure = ctx.secure ?? window.location.protocol === 'https:';
    if (!getCookie('_fbc')) setCookie('_fbc', `fb.1.${now}.${fbclid}`, { maxAge: FBP_MAX_AGE, sameSite: 'Lax', secure });
    if (!getCookie('_fbp')) {
      const rand = Math.floor(1e9 + Math.random() * 9e9);
      setCookie('_fbp', `fb.1.${now}.${rand}`, { maxAge: FBP_MAX_AGE, sameSite: 'Lax', secure });
    }
  }

  const appPage = params.get('appPage') as AppPage | null;
  const hideHeader = params.get('header') === 'false';
  const hideFooter = params.get('footer') === 'false';
  if ((appPage && APP_PAGES.includes(appPage)) || hideHeader || hideFooter) {
    setAppMode({ appPage: appPage && APP_PAGES.includes(appPage) ? appPage : null, hideHeader, hideFooter });
  }

  return result;
}
