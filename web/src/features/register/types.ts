export type RegisterType = '' | 'member_agent' | 'recommend_code';

/** The form in the client's camel case (spec section 3 "Registration payload"). */
export interface RegisterForm {
  siteId: number;
  memberAccount: string;
  password: string;
  checkPassword: string;
  memberCurrency: string;
  memberName: string;
  /** agent id (member_agent links or typed in) */
  memberAgent: string;
  /** recommend code (invite links) */
  recommendCode: string;
  memberEmail: string;
  birthYear: string;
  birthMonth: string;
  birthDay: string;
  withdrawPassword: [string, string, string, string];
  memberPhone: string;
  phoneVerify: string;
  memberQq: string;
  memberTelegram: string;
  memberWhatsApp: string;
  memberSkype: string;
  memberFb: string;
  memberZalo: string;
  memberWechat: string;
  memberOthers: string;
  identityId: string;
  answer: string;
  captchaToken: string;
  remoteAddr: string;
  errorTrack: string[];
}

export type { FieldName } from '@/lib/register-codes';
