// The member's wallet calls (docs/api.md "Wallet (issue 10)"). Amounts are
// JSON numbers in major units of the member's currency, exact to its exponent.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { ApiError, readEnvelope, request } from '@/lib/api-client';
import { currentLanguage } from '@/lib/locale';
import { getToken } from '@/lib/session';

export type Direction = 'deposit' | 'withdrawal';

export interface CashEntry {
  gp_id: number;
  gp_code: string;
  name: string;
  is_light: number;
  icon_dark: string;
  balance: number;
}

export interface MyCash {
  my_cash_list: CashEntry[];
  total: number;
}

export interface BankInstructions {
  bank?: string;
  account_no?: string;
  account_name?: string;
  reference?: string;
}

export interface Channel {
  id: number;
  name: string;
  kind: 'gateway' | 'bank_transfer';
  min: number;
  max: number;
  fee: { percent: string; fixed: number; max: number };
  daily_count: number;
  bank?: BankInstructions;
  sort: number;
}

export interface DepositOrder {
  order_no: string;
  channel_id: number;
  kind: Channel['kind'];
  status: string;
  currency: string;
  amount: number;
  fee: number;
  credit: number;
  pay_url?: string;
  bank?: BankInstructions;
  created_at: string;
  expires_at: string;
}

export interface WithdrawOrder {
  order_no: string;
  channel_id: number;
  bank_account_id: number;
  status: string;
  currency: string;
  amount: number;
  fee: number;
  payout: number;
  created_at: string;
}

export interface BankAccount {
  id: number;
  bank_code: string;
  bank_name: string;
  account_no: string;
  holder_name: string;
  created_at: string;
}

export interface BankAccounts {
  list: BankAccount[];
  banks: { code: string; name: string }[];
  /** the rule in English; account_no_digits is the same rule for the client to word */
  account_no_rule: string;
  account_no_digits: { min: number; max: number } | null;
}

export interface Page<T> {
  list: T[];
  total_count: number;
  page: number;
  count: number;
}

/** The account history (Transaction): movements of the last three months with the range's deposit figures. */
export interface History extends Page<Movement> {
  from: string;
  to: string;
  deposits: number;
  withdrawals: number;
  net_deposit: number;
}

/** How far back the account history goes, in months (the server refuses earlier days). */
export const HISTORY_MONTHS = 3;

export interface DWRecord {
  type: Direction;
  order_no: string;
  status: string;
  amount: number;
  fee: number;
  created_at: string;
  settled_at: string | null;
}

export interface Movement {
  id: number;
  kind: string;
  wallet: string;
  amount: number;
  balance_after: number;
  reference: string;
  created_at: string;
}

export interface RecordQuery {
  type?: '' | Direction;
  kinds?: string[];
  from?: string;
  to?: string;
  page: number;
  count: number;
}

/** Ledger kinds a Transaction filter offers (docs/api.md). */
export const MOVEMENT_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_return',
  'transfer_in',
  'transfer_out',
  'bet',
  'win',
  'bonus',
  'bonus_forfeit',
  'adjustment',
  'jackpot_win',
  'referral',
] as const;

export const myCashQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.wallet.myCash(memberId),
    queryFn: ({ signal }) => request<MyCash>('/member/profile/my_cash', {}, { signal }),
    enabled: !!memberId,
  });

export const channelsQuery = (memberId: string | null, type: Direction, lang: string) =>
  queryOptions({
    queryKey: keys.wallet.channels(memberId, type, lang),
    queryFn: ({ signal }) => request<{ list: Channel[] }>('/member/wallet/channels', { type }, { signal }).then((d) => [...d.list].sort((a, b) => a.sort - b.sort)),
    enabled: !!memberId,
  });

export const bankAccountsQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.wallet.bankAccounts(memberId),
    queryFn: ({ signal }) => request<BankAccounts>('/member/bank_accounts', {}, { signal }),
    enabled: !!memberId,
  });

/** Only the filters a query carries: empty ones are left out of the body. */
function body(q: RecordQuery): Record<string, unknown> {
  const out: Record<string, unknown> = { page: q.page, count: q.count };
  if (q.type) out.type = q.type;
  if (q.kinds?.length) out.kinds = q.kinds;
  if (q.from) out.from = q.from;
  if (q.to) out.to = q.to;
  return out;
}

export const recordsQuery = (memberId: string | null, q: RecordQuery) =>
  queryOptions({
    queryKey: keys.wallet.records(memberId, q),
    queryFn: ({ signal }) => request<Page<DWRecord>>('/member/records', body(q), { signal }),
    enabled: !!memberId,
    placeholderData: keepPreviousData,
  });

export const transactionsQuery = (memberId: string | null, q: RecordQuery) =>
  queryOptions({
    queryKey: keys.wallet.transactions(memberId, q),
    queryFn: ({ signal }) => request<History>('/member/transactions', body(q), { signal }),
    enabled: !!memberId,
    placeholderData: keepPreviousData,
  });

export function deposit(input: { channel_id: number; amount: number; request_id: string }): Promise<DepositOrder> {
  return request<DepositOrder>('/member/deposit', input);
}

export function withdraw(input: { channel_id: number; bank_account_id: number; amount: number; withdraw_password: string; request_id: string }): Promise<WithdrawOrder> {
  return request<WithdrawOrder>('/member/withdraw', input);
}

export function bindBankAccount(input: { bank_code: string; account_no: string; holder_name: string }): Promise<BankAccount> {
  return request<BankAccount>('/member/bank_accounts/bind', input);
}

/** A fresh id per submit: the server answers the same order however often one id is sent. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  c?.getRandomValues?.(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * Downloads the account history for q's kinds and range as CSV: the server
 * names the file; an envelope instead of a file is its refusal.
 */
export async function downloadHistory(q: Pick<RecordQuery, 'kinds' | 'from' | 'to'>): Promise<string> {
  const params = new URLSearchParams();
  if (q.kinds?.length) params.set('kinds', q.kinds.join(','));
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  const headers: Record<string, string> = { lang: currentLanguage.get() };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(`/api/member/transactions.csv?${params}`, window.location.origin), { headers, credentials: 'same-origin' });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const env = readEnvelope(await res.json().catch(() => undefined));
    throw new ApiError('business', env?.code ?? res.status, env?.message || res.statusText, env?.data);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'account-history.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
