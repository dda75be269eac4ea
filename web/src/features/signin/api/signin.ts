// The daily sign-in (spec section 3, "sign data component" and the sign-in
// task events). The server decides the is_* events; the click_* ones are the
// member's own, told to whoever listens for `signin_task` on window.
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export type SignInEvent =
  | 'click_signin'
  | 'click_signin_true'
  | 'click_signin_pass'
  | 'is_signin_pass'
  | 'is_signin_success'
  | 'is_signin_noopen'
  | 'is_signin_true';

export interface SignInState {
  open: number;
  signed_today: number;
  streak: number;
  today: string;
  today_award: number;
  awards: number[];
  event: SignInEvent;
}

export const signInKey = () => [...keys.member.all(), 'signin'] as const;

export const signInQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: [...signInKey(), memberId] as const,
    queryFn: ({ signal }) => request<SignInState>('/arks/web/activity/signin', { site_id: getSiteId() }, { signal }),
    enabled: !!memberId,
  });

export const signIn = () => request<SignInState>('/arks/web/activity/signin/store', { site_id: getSiteId() });

/** Tells listeners (analytics, a native wrapper) of a sign-in task event. */
export function emitSignInEvent(name: SignInEvent): void {
  window.dispatchEvent(new CustomEvent('signin_task', { detail: name }));
}
