// Pages of the members issue, composed from their features (lazy routes).
import { useEnvConfig, useSiteCurrency } from '@/features/site';
import { RegisterPage } from '@/features/register/components/RegisterPage';
import { MemberCentre } from '@/features/member-centre';
import { isStrongRule } from '@/lib/register-rules';

/** /register (development; production redirects and opens the modal). */
export function RegisterRoute() {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  return (
    <RegisterPage
      currencies={env.currencies}
      siteCurrency={currency.code}
      linkExpireMinutes={env.link_expire_time}
      strongPasswords={isStrongRule(env.password_rule)}
      smsVerifySeconds={env.sms_verify_seconds}
      demoMode={env.demo_mode}
    />
  );
}

/** /user, /user/:page: the member centre, without the site chrome. */
export function UserRoute() {
  const env = useEnvConfig();
  return <MemberCentre siteName={env.site_name} smsVerifySeconds={env.sms_verify_seconds} />;
}
