// One mock of the wallet calls (docs/api.md "Wallet (issue 10)") for the
// wallet tests: state per test, request bodies recorded, any call made to
// fail with a code.
import { http, HttpResponse } from 'msw';
import { ok } from '@/test/handlers';
import { server } from '@/test/server';
import type { BankAccount, Channel, DWRecord, Movement } from '../api/wallet';

export interface WalletState {
  cash: { gp_id: number; gp_code: string; name: string; is_light: number; icon_dark: string; balance: number }[];
  deposit: Channel[];
  withdrawal: Channel[];
  accounts: BankAccount[];
  records: DWRecord[];
  movements: Movement[];
  /** path -> code the next calls answer with */
  fail: Record<string, { code: number; message?: string }>;
  bodies: Record<string, Record<string, unknown>[]>;
}

export const channel = (c: Partial<Channel> & { id: number }): Channel => ({
  name: `Channel ${c.id}`,
  kind: 'gateway',
  min: 10,
  max: 50000,
  fee: { percent: '0.00', fixed: 0, max: 0 },
  daily_count: 0,
  sort: c.id,
  ...c,
});

export function serveWallet(overrides: Partial<WalletState> = {}): WalletState {
  const s: WalletState = {
    cash: [
      { gp_id: 0, gp_code: '', name: 'main', is_light: 0, icon_dark: '', balance: 1000 },
      { gp_id: 5, gp_code: 'inhouse', name: 'In-house games', is_light: 0, icon_dark: '', balance: 25.5 },
    ],
    deposit: [
      channel({ id: 1, name: 'Sandbox pay' }),
      channel({ id: 2, name: 'Bank transfer', kind: 'bank_transfer', min: 50, max: 100000, bank: { bank: 'Gamehall Demo Bank', account_no: '6200 1234 5678', account_name: 'Gamehall Ltd' } }),
    ],
    withdrawal: [channel({ id: 3, name: 'Bank payout', min: 20, max: 20000, daily_count: 3 })],
    accounts: [],
    records: [],
    movements: [],
    fail: {},
    bodies: {},
    ...overrides,
  };
  const post = (path: string, answer: (body: Record<string, unknown>) => unknown) =>
    http.post(`/api${path}`, async ({ request }) => {
      const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
      (s.bodies[path] ??= []).push(body);
      const f = s.fail[path];
      if (f) return HttpResponse.json({ code: f.code, message: f.message ?? `server says ${f.code}`, data: null });
      return ok(answer(body));
    });
  const page = <T>(list: T[], body: Record<string, unknown>) => {
    const p = Number(body.page ?? 1);
    const n = Number(body.count ?? 20);
    return { list: list.slice((p - 1) * n, p * n), total_count: list.length, page: p, count: n };
  };
  server.use(
    post('/member/profile/my_cash', () => ({ my_cash_list: s.cash, total: s.cash.reduce((a, w) => a + w.balance, 0) })),
    post('/member/wallet/channels', (b) => ({ list: b.type === 'withdrawal' ? s.withdrawal : s.deposit })),
    post('/member/bank_accounts', () => ({
      list: s.accounts,
      banks: [
        { code: 'CHASE', name: 'JPMorgan Chase' },
        { code: 'CITI', name: 'Citibank' },
      ],
      account_no_rule: '8 to 17 digits',
      account_no_digits: { min: 8, max: 17 },
    })),
    post('/member/bank_accounts/bind', (b) => {
      const a: BankAccount = {
        id: s.accounts.length + 1,
        bank_code: String(b.bank_code),
        bank_name: b.bank_code === 'CITI' ? 'Citibank' : 'JPMorgan Chase',
        account_no: `****${String(b.account_no).slice(-4)}`,
        holder_name: String(b.holder_name),
        created_at: '2026-11-24T10:00:00Z',
      };
      s.accounts.push(a);
      return a;
    }),
    post('/member/deposit', (b) => {
      const ch = s.deposit.find((c) => c.id === b.channel_id);
      const bank = ch?.kind === 'bank_transfer';
      return {
        order_no: 'D0001',
        channel_id: b.channel_id,
        kind: ch?.kind ?? 'gateway',
        status: 'pending',
        currency: 'USD',
        amount: b.amount,
        fee: 0,
        credit: b.amount,
        pay_url: bank ? undefined : 'http://localhost:3000/pay/sandbox/abc',
        bank: bank ? { ...ch?.bank, reference: 'D0001' } : undefined,
        created_at: '2026-11-24T10:00:00Z',
        expires_at: '2026-11-24T10:30:00Z',
      };
    }),
    post('/member/withdraw', (b) => ({
      order_no: 'W0001',
      channel_id: b.channel_id,
      bank_account_id: b.bank_account_id,
      status: 'pending',
      currency: 'USD',
      amount: b.amount,
      fee: 1,
      payout: Number(b.amount) - 1,
      created_at: '2026-11-24T10:00:00Z',
    })),
    post('/member/records', (b) => page(s.records.filter((r) => !b.type || r.type === b.type), b)),
    post('/member/transactions', (b) => {
      const sum = (kind: string) => s.movements.filter((m) => m.kind === kind).reduce((a, m) => a + Math.abs(m.amount), 0);
      const deposits = sum('deposit');
      const withdrawals = sum('withdrawal');
      return {
        ...page(s.movements.filter((m) => !Array.isArray(b.kinds) || b.kinds.includes(m.kind)), b),
        from: '2026-08-24T00:00:00Z',
        to: '',
        deposits,
        withdrawals,
        net_deposit: deposits - withdrawals,
      };
    }),
  );
  return s;
}

export const account = (id: number): BankAccount => ({
  id,
  bank_code: 'CHASE',
  bank_name: 'JPMorgan Chase',
  account_no: `********${1000 + id}`,
  holder_name: 'Dana Demo',
  created_at: '2026-11-24T10:00:00Z',
});
