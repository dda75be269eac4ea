// Pages of the members issue, composed from their features (lazy routes).
import { MemberCentre } from '@/features/member-centre';
import { RegisterPage } from '@/features/register/components/RegisterPage';

/** /register (development; production redirects and opens the modal). */
export function RegisterRoute() {
  return <RegisterPage />;
}

/** /user, /user/:page: the member centre, without the site chrome. */
export function UserRoute() {
  return <MemberCentre />;
}
