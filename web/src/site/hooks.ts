import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { useDevice } from '@/lib/device-context';
import { LOCALE_CURRENCY } from '@/lib/locale';
import { SMS_DEFAULT_VERIFY_SECONDS } from '@/lib/register-codes';
import { isStrongRule } from '@/lib/register-rules';
import { useSession } from '@/lib/session';
import { errorText } from '@/lib/query-client';
import { local, LS } from '@/lib/storage';
import { useLanguage } from '@/lib/use-language';
import { cachedVisitor, settingsFailure, siteDetailQuery } from './api';
import { resolveSiteCurrency } from './currency';
import { FALLBACK_ENV_CONFIG } from './fallback-env';
import { mobileTemplateName } from './template';
import type { EnvConfig, SiteCurrency } from './types';

/** env_config; the root loader has loaded it before anything renders. */
export function useEnvConfig(): EnvConfig {
  const { data } = useQuery(siteDetailQuery());
  return data ?? FALLBACK_ENV_CONFIG;
}

export function useSiteCurrency(): SiteCurrency {
  const env = useEnvConfig();
  const lang = useLanguage();
  // Login and logout change the currency (the member's, then the visitor's again).
  const { token, currency: memberCurrency } = useSession();
  return useMemo(
    () =>
      resolveSiteCurrency(env, lang, {
        cookie: getCookie('currency'),
        stored: local.get(LS.currency),
        visitor: cachedVisitor()?.currency,
      }),
    // token and memberCurrency: recompute from cookie and storage after login or logout
    [env, lang, token, memberCurrency],
  );
}

/** The currency a visitor gets from the IP country and the language (spec section 4, after logout). */
export function useVisitorCurrency(): string {
  const env = useEnvConfig();
  const lang = useLanguage();
  const site = useSiteCurrency();
  const offered = (c?: string) => (c && env.currencies.some((x) => x.code === c) ? c : undefined);
  return offered(cachedVisitor()?.currency) ?? offered(LOCALE_CURRENCY[lang]) ?? env.default_currency ?? site.code;
}

/** The template name the catalogue calls carry: the desktop template, or the mobile one (H5_1..H5_8). */
export function useSiteTemplate(): string {
  const env = useEnvConfig();
  return useDevice() === 'desktop' ? env.desktop_template : mobileTemplateName(env.mobile_template);
}

/** The site's display time zone (spec section 9: America/Caracas by default). */
export function useTimeZone(): string {
  return useEnvConfig().time_zone || 'America/Caracas';
}

/** env_config.password_rule is "strong": 8 to 64 characters, not a common password. */
export function useStrongPasswords(): boolean {
  return isStrongRule(useEnvConfig().password_rule);
}

/** The SMS countdown after the first 300 s (env_config.sms_verify_seconds; 60 s when not configured). */
export function useSmsVerifySeconds(): number {
  const s = useEnvConfig().sms_verify_seconds;
  return s && s > 0 ? s : SMS_DEFAULT_VERIFY_SECONDS;
}

/** Spec sections 8 and 9: a settings failure shows the failure's message (or error_setting) for 5 s. */
export const SETTINGS_ERROR_MS = 5000;

/** Shows the settings failure of the first load, once the page (and its toaster) is up. */
export function useSettingsFailureNotice(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const e = settingsFailure.get();
    if (!e) return;
    settingsFailure.set(null);
    const text = isApiError(e) && (e.messageKey || e.message) ? errorText(e) : t('error_setting');
    toast.error(text, { id: 'settings-error', duration: SETTINGS_ERROR_MS });
  }, [t]);
}
