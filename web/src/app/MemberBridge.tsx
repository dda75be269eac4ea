import { useNavigate } from 'react-router';
import { MemberSession, openMemberCentre } from '@/features/auth';
import { cachedVisitor, useEnvConfig, useSiteCurrency } from '@/features/site';
import { useDevice } from '@/lib/device-context';
import { LOCALE_CURRENCY } from '@/lib/locale';
import { useLanguage } from '@/lib/use-language';

/** Gives the member session what it needs from the site (currency, device), composed here. */
export function MemberBridge() {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  const device = useDevice();
  const lang = useLanguage();
  const navigate = useNavigate();
  const offered = (c?: string) => (c && env.currencies.some((x) => x.code === c) ? c : undefined);
  const visitorCurrency = offered(cachedVisitor()?.currency) ?? offered(LOCALE_CURRENCY[lang]) ?? env.default_currency ?? currency.code;
  return (
    <MemberSession
      currency={currency.code}
      device={device}
      visitorCurrency={visitorCurrency}
      openTarget={(target) => (target.startsWith('/user') ? openMemberCentre(device, (to) => void navigate(to), target.slice(6) || undefined) : void navigate(target))}
    />
  );
}
