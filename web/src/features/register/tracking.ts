// The registration-complete event for the ad pixel (spec section 4): POST
// /api/fb_tracking with a unique eventID.
import { request } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';

export function newEventId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  c?.getRandomValues?.(b);
  return `${Date.now().toString(16)}-${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}`;
}

export interface RegistrationEvent {
  memberId: string;
  email?: string;
  phone?: string;
  currency: string;
}

export function trackCompleteRegistration(e: RegistrationEvent): Promise<unknown> {
  const userData: Record<string, string> = { external_id: e.memberId, client_user_agent: navigator.userAgent };
  if (e.email) userData.em = e.email;
  if (e.phone) userData.ph = e.phone;
  const fbp = getCookie('_fbp');
  const fbc = getCookie('_fbc');
  if (fbp) userData.fbp = fbp;
  if (fbc) userData.fbc = fbc;
  return request('/api/fb_tracking', {
    eventName: 'CompleteRegistration',
    eventTime: Math.floor(Date.now() / 1000),
    eventID: newEventId(),
    userData,
    customData: { currency: e.currency, event_source_url: window.location.href },
  }).catch(() => undefined);
}
