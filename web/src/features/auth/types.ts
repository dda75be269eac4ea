/** The 107 answer and the skip answer. */
export interface Challenge {
  member_login_id: string;
  question: string;
  available_questions_count: number;
}

export interface RecoveryData {
  account: string;
}

/** The forgot-password reset step: whose phone got the code. */
export interface ForgotData {
  account: string;
  phone: string;
  /** seconds left of the SMS countdown when the reset step opens */
  left?: number;
}

export interface ChangePasswordData {
  /** the first-login change the layout asks for */
  forced?: boolean;
}
