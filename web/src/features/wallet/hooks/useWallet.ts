// The member's currency and the wallet queries the money pages share.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { layoutQuery } from '@/api';
import { currencyDecimals, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useEnvConfig } from '@/site';

export interface WalletCurrency {
  code: string;
  exponent: number;
  /** an amount in the reader's language with the currency's decimals */
  money: (v: number | string, opts?: { signed?: boolean }) => string;
}

/** The member's currency and its exponent (env_config's table, else by code). */
export function useWalletCurrency(): WalletCurrency {
  const { i18n } = useTranslation();
  const session = useSession();
  const env = useEnvConfig();
  const layout = useQuery({ ...layoutQuery(session.memberId), meta: { silent: true } });
  const code = (layout.data?.member_currency ?? session.currency ?? '').toUpperCase();
  const exponent = env.currencies.find((c) => c.code.toUpperCase() === code)?.exponent ?? currencyDecimals(code);
  // Intl puts the sign where the language does (-$5.00, +$12.50, -5.000 ₫).
  const money = (v: number | string, opts?: { signed?: boolean }) => formatMoney(v, code, i18n.language, { exponent, signed: opts?.signed });
  return { code, exponent, money };
}
