import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { LoginData } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';

export interface AgentDomain {
  is_valid: number;
  currency: string;
  agent_id: string;
}

export const agentDomainQuery = (host: string) =>
  queryOptions({
    queryKey: ['register', 'agent-domain', getSiteId(), host],
    queryFn: ({ signal }) => request<AgentDomain>('/arks/web/check-agent-domain', { host, site_id: getSiteId() }, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });

/** /register/verification: one field in server naming. */
export function verifyField(field: string, value: string, currency: string, registerType?: string): Promise<unknown> {
  const body: Record<string, unknown> = { [field]: value, site_id: getSiteId(), member_currency: currency, verification: 1 };
  if (field === 'introducer' && registerType) body.register_type = registerType;
  return request('/register/verification', body);
}

export function sendRegisterSms(phone: string, currency: string): Promise<unknown> {
  return request('/register/sms', { member_phone: phone, currency, type: 'register_member', site_id: getSiteId() });
}

export function register(payload: Record<string, unknown>): Promise<LoginData> {
  return request<LoginData>('/register', payload);
}

/** /register/valid_message: is the link's recommend code or agent id usable now? */
export function validLink(link: { recommend_code?: string; agent_id?: string }): Promise<{ is_valid: number }> {
  return request<{ is_valid: number }>('/register/valid_message', { site_id: getSiteId(), ...link });
}

/** /member_info: the currency of an agent link's agent. */
export function agentInfo(id: string): Promise<{ currency: string }> {
  return request<{ currency: string }>('/member_info', { id });
}
