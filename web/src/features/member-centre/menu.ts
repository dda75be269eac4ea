// Member-centre menu of spec section 2. Every page is built; the referral
// group shows only while the recommend feature is open for the member
// (MemberCentre asks is_friend and the agent check).

export interface MenuGroup {
  key: string;
  pages: readonly string[];
}

export const MENU: readonly MenuGroup[] = [
  { key: /* i18n */ 'account_info', pages: ['Info', 'BindAccount'] },
  { key: /* i18n */ 'my_wallet', pages: ['MyWallet'] },
  { key: /* i18n */ 'info_center', pages: ['Announcement', 'Letter'] },
  { key: /* i18n */ 'fund_management', pages: ['Deposit', 'Withdrawal', 'Bonus', 'Limits'] },
  { key: /* i18n */ 'transaction_record', pages: ['Transaction', 'DWRecord'] },
  { key: /* i18n */ 'recommend_award', pages: ['RecommendProject', 'RecommendRecord', 'RecommendMemberSearch'] },
];

export const BUILT_PAGES = ['Info', 'BindAccount', 'MyWallet', 'Announcement', 'Letter', 'Deposit', 'Withdrawal', 'Bonus', 'Limits', 'Transaction', 'DWRecord', 'RecommendProject', 'RecommendRecord', 'RecommendMemberSearch'] as const;
export const ALL_PAGES: readonly string[] = MENU.flatMap((g) => g.pages);
export const DEFAULT_PAGE = 'Info';

/** Page title keys: uc_{page}. */
export const PAGE_KEYS = [
  /* i18n */ 'uc_Info',
  /* i18n */ 'uc_BindAccount',
  /* i18n */ 'uc_MyWallet',
  /* i18n */ 'uc_Announcement',
  /* i18n */ 'uc_Letter',
  /* i18n */ 'uc_Deposit',
  /* i18n */ 'uc_Withdrawal',
  /* i18n */ 'uc_Bonus',
  /* i18n */ 'uc_Limits',
  /* i18n */ 'uc_Transaction',
  /* i18n */ 'uc_DWRecord',
  /* i18n */ 'uc_RecommendProject',
  /* i18n */ 'uc_RecommendRecord',
  /* i18n */ 'uc_RecommendMemberSearch',
];

/** /user/:page or /user?page=Deposit; unknown pages fall back to Info. */
export function resolvePage(param: string | undefined, query: string | null): string {
  const want = param ?? query ?? DEFAULT_PAGE;
  return ALL_PAGES.find((p) => p.toLowerCase() === want.toLowerCase()) ?? DEFAULT_PAGE;
}
