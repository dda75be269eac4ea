export type { MemberLayout, MemberProfile } from '@/lib/member-queries';

/** The 107 answer and the skip answer. */
export interface Challenge {
  member_login_id: string;
  question: string;
  available_questions_count: number;
}

export interface RecoveryData {
  account: string;
}
