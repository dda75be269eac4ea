// The member's layout and profile (spec section 3), read by the header, the
// member session and the member centre.
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { keys } from './keys';

/** member_common_layout (spec section 3 "Member layout info"). */
export interface MemberLayout {
  id: number;
  member_account: string;
  member_currency: string;
  member_cash: number;
  member_type: number;
  agent_type: number;
  agent_level: number;
  is_agent: number;
  agent_active: number;
  is_playing: number;
  cash_back_status: number;
  wallet_status: number;
  first_login_to_change_password: number;
  need_bank_account_deposit_verified: number;
}

/** member_profile (spec section 3 "Member profile"). */
export interface MemberProfile {
  id: number;
  member_account: string;
  member_name: string;
  is_withdraw_password: number;
  member_birthday: string;
  member_email: string;
  member_currency: string;
  member_phone: string;
  member_line: string;
  member_others: string;
  member_qq: string;
  member_skype: string;
  member_wechat: string;
  member_fb: string;
  member_zalo: string;
  member_telegram: string;
  member_whats_app: string;
  new_identity_id: string;
}

/** Spec section 6: an active agent opens the agent area, any other agent its registration page. */
export function agentCentreUrl(layout: Pick<MemberLayout, 'agent_active'>): string {
  return layout.agent_active === 1 ? '/proxy' : '/proxy?page=Register';
}

export const layoutQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.member.layout(memberId),
    queryFn: ({ signal }) =>
      request<{ member_common_layout: MemberLayout }>('/member/profile/common/layout', {}, { signal }).then((d) => d.member_common_layout),
    enabled: !!memberId,
    staleTime: 30_000,
  });

export const profileQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.member.profile(memberId),
    queryFn: ({ signal }) => request<{ member_profile: MemberProfile }>('/member/profile', {}, { signal }).then((d) => d.member_profile),
    enabled: !!memberId,
  });
