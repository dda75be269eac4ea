// Spec section 8 "Register (field-check and register codes)": where each
// code shows, for the register form and the member centre. Codes are normalised before matching ("0102", " 102", 102).
/** Fields of the register form (and the member centre) a message can show under. */
export type FieldName =
  | 'memberAccount'
  | 'password'
  | 'checkPassword'
  | 'memberName'
  | 'introducer'
  | 'memberEmail'
  | 'birthday'
  | 'withdrawPassword'
  | 'memberPhone'
  | 'phoneVerify'
  | 'memberQq'
  | 'memberTelegram'
  | 'memberWhatsApp'
  | 'memberSkype'
  | 'memberFb'
  | 'memberZalo'
  | 'memberWechat'
  | 'identityId'
  | 'answer'
  | 'agreement';

export interface CodeTarget {
  /** the field the message shows under; none means a toast */
  field?: FieldName;
  /** client message key; none means the server's message */
  key?: string;
  /** an introducer problem: clear the link cookies and unlock the field */
  introducer?: boolean;
  /** 107 also turns the recommend feature off */
  recommendOff?: boolean;
}

export function normaliseCode(code: unknown): number {
  const n = Number.parseInt(String(code ?? '').trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

const T: Record<number, CodeTarget> = {
  102: { field: 'memberAccount', key: /* i18n */ 'reg_account_used' },
  103: { field: 'memberName', key: /* i18n */ 'reg_name_used' },
  104: { field: 'memberPhone', key: /* i18n */ 'reg_phone_used' },
  105: { field: 'memberEmail', key: /* i18n */ 'reg_email_used' },
  106: { field: 'introducer', key: /* i18n */ 'reg_no_proxy', introducer: true },
  107: { field: 'introducer', key: /* i18n */ 'reg_recommend_closed', introducer: true, recommendOff: true },
  108: { field: 'introducer', key: /* i18n */ 'reg_agent_disabled', introducer: true },
  109: { field: 'introducer', key: /* i18n */ 'reg_recommend_disabled', introducer: true },
  110: { field: 'introducer', key: /* i18n */ 'reg_code_disabled', introducer: true },
  112: { field: 'introducer', key: /* i18n */ 'reg_introducer_not_found', introducer: true },
  219: { field: 'introducer', key: 'reg_introducer_not_found', introducer: true },
  113: { field: 'phoneVerify', key: /* i18n */ 'reg_phone_code_wrong' },
  114: { field: 'identityId', key: /* i18n */ 'reg_identity_used' },
  223: { field: 'identityId', key: 'reg_identity_used' },
  206: { field: 'memberEmail', key: /* i18n */ 'reg_email_invalid' },
  209: { field: 'memberPhone', key: /* i18n */ 'reg_phone_invalid' },
  214: { field: 'memberName', key: /* i18n */ 'reg_name_blacklisted' },
  215: { field: 'memberPhone' },
  216: { field: 'memberEmail', key: /* i18n */ 'reg_email_blacklisted' },
  218: { key: /* i18n */ 'reg_ip_error' },
  222: { field: 'phoneVerify', key: 'reg_introducer_not_found', introducer: true },
  224: { field: 'answer', key: /* i18n */ 'reg_captcha_failed' },
  227: { field: 'memberName', key: /* i18n */ 'reg_name_invalid' },
  228: { field: 'introducer', key: /* i18n */ 'reg_introducer_invalid', introducer: true },
  // the recommend code is the registering person's own (issue 13)
  721: { field: 'introducer', key: /* i18n */ 'reg_self_invite', introducer: true },
  996: { key: /* i18n */ 'reg_too_frequent' },
  997: { key: /* i18n */ 'reg_ip_limit' },
  301: { field: 'memberQq' },
  302: { field: 'memberSkype' },
  304: { field: 'memberWechat' },
  305: { field: 'memberZalo' },
  306: { field: 'memberFb' },
  307: { field: 'memberTelegram' },
  308: { field: 'memberWhatsApp' },
};

/** Where a register or field-check code shows; undefined: toast the server message and track the code. */
export function registerCodeTarget(code: unknown): CodeTarget | undefined {
  return T[normaliseCode(code)];
}

/** SMS send codes (spec section 8 "SMS send"). */
export interface SmsOutcome {
  /** the code names the phone (099, 201) */
  field?: 'memberPhone';
  key: string;
  /** the countdown starts anyway (102) */
  countdown?: boolean;
  /** shown as a toast (every code that names no field) */
  toast?: boolean;
  /** 400: show the server's message */
  serverMessage?: boolean;
}

export function smsCodeOutcome(code: unknown): SmsOutcome {
  switch (normaliseCode(code)) {
    case 99:
      return { field: 'memberPhone', key: /* i18n */ 'sms_phone_verify_error' };
    case 102:
      return { key: /* i18n */ 'sms_rate_limit', countdown: true, toast: true };
    case 103:
      return { key: /* i18n */ 'sms_no_funds', toast: true };
    case 104:
      return { key: /* i18n */ 'sms_contact_cs', toast: true };
    case 201:
      return { field: 'memberPhone', key: /* i18n */ 'sms_phone_blank' };
    case 400:
      return { key: /* i18n */ 'sms_error', toast: true, serverMessage: true };
    default:
      return { key: /* i18n */ 'sms_error', toast: true };
  }
}

/** First SMS countdown, then the configured verify time (spec section 9). */
export const SMS_FIRST_COUNTDOWN = 300;
export const SMS_DEFAULT_VERIFY_SECONDS = 60;

/** Labels of the contact handles, named by setting (t(`contact_${setting}`)). */
export const CONTACT_LABEL_KEYS = [
  /* i18n */ 'contact_qq',
  /* i18n */ 'contact_skype',
  /* i18n */ 'contact_wechat',
  /* i18n */ 'contact_zalo',
  /* i18n */ 'contact_facebook',
  /* i18n */ 'contact_telegram',
  /* i18n */ 'contact_whatsapp',
];
