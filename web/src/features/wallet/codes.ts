// What each wallet code of docs/api.md shows: our own wording, with the
// limit the form already knows (the server's message is the fallback).
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

export interface CodeContext {
  min?: string;
  max?: string;
  daily?: number;
  rule?: string;
}

export const WALLET_CODE_KEYS: Record<number, string> = {
  205: /* i18n */ 'wallet_err_205',
  301: /* i18n */ 'wallet_err_301',
  310: /* i18n */ 'wallet_err_310',
  311: /* i18n */ 'wallet_err_311',
  312: /* i18n */ 'wallet_err_312',
  313: /* i18n */ 'wallet_err_313',
  314: /* i18n */ 'wallet_err_314',
  315: /* i18n */ 'wallet_err_315',
  316: /* i18n */ 'wallet_err_316',
  317: /* i18n */ 'wallet_err_317',
  318: /* i18n */ 'wallet_err_318',
  319: /* i18n */ 'wallet_err_319',
  320: /* i18n */ 'wallet_err_320',
  322: /* i18n */ 'wallet_err_322',
  323: /* i18n */ 'wallet_err_323',
  324: /* i18n */ 'wallet_err_324',
  326: /* i18n */ 'wallet_err_326',
  327: /* i18n */ 'wallet_err_327',
};

/** The message for a failed wallet call. */
export function walletErrorText(e: unknown, t: TFunction, ctx: CodeContext = {}): string {
  if (isApiError(e)) {
    const key = WALLET_CODE_KEYS[e.code];
    if (key) return t(key, { min: ctx.min ?? '', max: ctx.max ?? '', n: ctx.daily ?? '', rule: ctx.rule ?? '' });
    if (e.messageKey) return t(e.messageKey);
    if (e.message) return e.message;
  }
  return t('wallet_failed');
}

/** The code of a failed call, or 0. */
export function errorCode(e: unknown): number {
  return isApiError(e) ? e.code : 0;
}
