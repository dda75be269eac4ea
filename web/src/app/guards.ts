// Route guards of spec section 2.
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadEnvConfig } from '@/site';
import { setCookie } from '@/lib/cookies';

/** /fastDeposit leaves a flag for the deposit flow and lands on the lobby. */
export function fastDepositGuard() {
  setCookie('isFastDeposit', 'true', { path: '/' });
  return redirect('/');
}

/** Bare /main and /gameHall have no page of their own. */
export function toHome() {
  return redirect('/');
}

/** /slotgame is the slot hall only with the type it lists (gt_id); bare, it goes home. */
export function slotgameGuard({ request }: LoaderFunctionArgs) {
  return new URL(request.url).searchParams.has('gt_id') ? null : redirect('/');
}

/** In production the register page is a modal over the lobby, opened on the next load. */
export function registerGuard(qc: QueryClient) {
  return async () => {
    const env = await loadEnvConfig(qc);
    if (env.environment === 'production') {
      setCookie('isRouteRegister', 'true', { path: '/' });
      return redirect('/');
    }
    return null;
  };
}
