// The member centre's CashBack page: the rule in words and the paid days,
// and its menu entry, shown only while the layout's cash_back_status is 1.
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import type { CashBackPayout, CashBackRule } from '../api/cashback';

const rule: CashBackRule = {
  id: 1, currency: 'USD', basis: 'valid_bets', rates: { '2': 1 }, default_rate: 0.5, min_payout: 0, cap: 100, active: true,
};

const payout = (p: Partial<CashBackPayout> & Pick<CashBackPayout, 'id' | 'day'>): CashBackPayout => ({
  basis: 'valid_bets', base: 655.55, amount: 4.55, currency: 'USD', status: 'paid', created_at: '2026-03-02T05:00:00Z', ...p,
});

let status: number;
let current: CashBackRule | null;
let list: CashBackPayout[];
let asked: Record<string, unknown>[];

beforeEach(() => {
  status = 1;
  current = rule;
  list = [];
  asked = [];
  server.use(
    http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, cash_back_status: status } })),
    http.post('/api/member/cashback/rule', () => ok({ rule: current })),
    http.post('/api/member/cashback/payouts', async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return ok({ list, total: list.length });
    }),
  );
  login(loginData);
});

describe('CashBack page', () => {
  it('is in the menu after Bonuses and says the rule in words', async () => {
    renderApp('/user/CashBack');
    const item = await screen.findByTestId('uc-menu-CashBack', {}, { timeout: 8000 });
    expect(item.textContent).toBe('Cash back');
    expect(item.previousElementSibling?.getAttribute('data-testid')).toBe('uc-menu-Bonus');
    const text = await screen.findByTestId('cashback-rule');
    expect(text.textContent).toContain('share of your valid bets');
    expect(screen.getByTestId('cashback-rate-2').textContent).toBe('Slots1%');
    expect(screen.getByTestId('cashback-rate-other').textContent).toBe('Other games0.5%');
    expect(screen.getByTestId('cashback-cap').textContent).toBe('At most $100.00 a day.');
    expect(screen.queryByTestId('cashback-min')).toBeNull();
    expect(await screen.findByTestId('cashback-empty')).toBeTruthy();
  });

  it('lists the paid and withheld days', async () => {
    list = [payout({ id: 2, day: '2026-03-05', basis: 'net_loss', base: 150, amount: 1.5 }), payout({ id: 1, day: '2026-03-01', status: 'withheld' })];
    renderApp('/user/CashBack');
    await waitFor(() => expect(screen.getAllByTestId('cashback-row')).toHaveLength(2), { timeout: 8000 });
    const [a, b] = screen.getAllByTestId('cashback-row');
    expect(a.textContent).toBe('2026-03-05Net loss$150.00$1.50Paid');
    expect(b.textContent).toBe('2026-03-01Valid bets$655.55$4.55Withheld');
    expect(asked[0]).toMatchObject({ page: 1, page_size: 10 });
  });

  it('is not in the menu while cash back is off, and the page says none is offered', async () => {
    status = 0;
    current = null;
    renderApp('/user/CashBack');
    expect(await screen.findByTestId('cashback-none', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('uc-menu-Bonus')).toBeTruthy());
    expect(screen.queryByTestId('uc-menu-CashBack')).toBeNull();
  });
});
