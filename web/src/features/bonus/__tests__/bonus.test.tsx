// The member centre's Bonus page (each bonus with its turnover progress and
// a forfeit behind a confirmation) and the Apply buttons of the deposit page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import type { BonusOffer, MemberBonus } from '../api/bonus';

const bonus = (b: Partial<MemberBonus> & Pick<MemberBonus, 'id' | 'status'>): MemberBonus => ({
  rule_id: 1, title: 'Welcome 50%', currency: 'USD', amount: 30, deposit: 80, turnover_done: 0, turnover_required: 550,
  turnover_remaining: 550, taken_back: 0, applied_at: '2026-11-20T12:00:00Z', expires_at: '2026-11-27T12:00:00Z', ...b,
});

const offer = (o: Partial<BonusOffer> & Pick<BonusOffer, 'id'>): BonusOffer => ({
  page_id: 0, title: 'Welcome 50%', kind: 'deposit', percent: 50, cap: 30, min_deposit: 20, fixed_amount: 0, period: 'once',
  turnover_multiple: 5, turnover_base: 'bonus_deposit', expiry_days: 7, taken: false, ...o,
});

let list: MemberBonus[];
let offers: BonusOffer[];
let bodies: Record<string, Record<string, unknown>[]>;
let forfeitAnswer: { code: number; message: string } | null;

beforeEach(() => {
  list = [];
  offers = [];
  forfeitAnswer = null;
  bodies = { apply: [], forfeit: [] };
  server.use(
    http.post('/api/arks/web/bonus/list', () => ok({ list })),
    http.post('/api/member/wallet/channels', () => ok({ list: [] })),
    http.post('/api/arks/web/bonus/offers', async ({ request }) => {
      const body = (await request.json()) as { page_id: number };
      return ok({ list: offers.filter((o) => body.page_id === 0 || o.page_id === body.page_id) });
    }),
    http.post('/api/arks/web/bonus/apply', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.apply.push(body);
      return ok(bonus({ id: 9, status: 'pending' }));
    }),
    http.post('/api/arks/web/bonus/forfeit', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.forfeit.push(body);
      if (forfeitAnswer) return HttpResponse.json({ ...forfeitAnswer, data: null });
      return ok(bonus({ id: body.id as number, status: 'forfeited' }));
    }),
  );
  login(loginData);
});

describe('Bonus page', () => {
  it('is in the menu and says when there is no bonus', async () => {
    renderApp('/user/Bonus');
    expect(await screen.findByTestId('bonus-none', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('uc-menu-Bonus').textContent).toBe('Bonuses');
  });

  it('shows each bonus with its turnover done, required and remaining', async () => {
    list = [
      bonus({ id: 2, status: 'active', turnover_done: 137.5, turnover_remaining: 412.5 }),
      bonus({ id: 1, status: 'released', turnover_done: 550, turnover_remaining: 0 }),
      bonus({ id: 3, status: 'pending' }),
    ];
    renderApp('/user/Bonus');
    const row = await screen.findByTestId('bonus-2', {}, { timeout: 8000 });
    expect(within(row).getByTestId('bonus-status-2').textContent).toBe('In progress');
    expect(screen.getByTestId('bonus-amount-2').textContent).toBe('$30.00');
    expect(screen.getByTestId('bonus-turnover-2').textContent).toBe('Turnover: $137.50 / $550.00');
    expect(screen.getByTestId('bonus-remaining-2').textContent).toBe('Remaining: $412.50');
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('bonus-status-1').textContent).toBe('Completed');
    expect(screen.queryByTestId('bonus-forfeit-1')).toBeNull();
    expect(screen.getByTestId('bonus-status-3').textContent).toBe('Waiting for deposit');
  });

  it('forfeits only after the member confirms, and shows a refusal', async () => {
    list = [bonus({ id: 2, status: 'active' })];
    const user = userEvent.setup();
    renderApp('/user/Bonus');
    await user.click(await screen.findByTestId('bonus-forfeit-2', {}, { timeout: 8000 }));
    const dialog = await screen.findByTestId('bonus-forfeit-dialog');
    expect(dialog.textContent).toContain('taken back');
    await user.click(within(dialog).getByText('Cancel'));
    expect(bodies.forfeit).toEqual([]);
    forfeitAnswer = { code: 707, message: 'this bonus is no longer open' };
    await user.click(screen.getByTestId('bonus-forfeit-2'));
    await user.click(await screen.findByTestId('bonus-forfeit-confirm'));
    expect(await screen.findByText('this bonus is no longer open')).toBeTruthy();
    forfeitAnswer = null;
    await user.click(screen.getByTestId('bonus-forfeit-confirm'));
    await waitFor(() => expect(bodies.forfeit.map((b) => b.id)).toEqual([2, 2]));
    await waitFor(() => expect(screen.queryByTestId('bonus-forfeit-dialog')).toBeNull());
  });
});

describe('Deposit page offers', () => {
  it('lists the deposit bonuses with their terms and applies for one', async () => {
    offers = [offer({ id: 4 }), offer({ id: 5, kind: 'fixed', fixed_amount: 5, title: 'Free 5' }), offer({ id: 6, title: 'Reload', taken: true })];
    const user = userEvent.setup();
    renderApp('/user/Deposit');
    const row = await screen.findByTestId('bonus-offer-4', {}, { timeout: 8000 });
    expect(row.textContent).toContain('50% of your deposit, up to $30.00');
    expect(row.textContent).toContain('turnover 5× bonus plus deposit');
    expect(row.textContent).toContain('valid 7 days');
    expect(screen.queryByTestId('bonus-offer-5')).toBeNull();
    expect(screen.getByTestId('bonus-offer-taken-6')).toBeTruthy();
    await user.click(screen.getByTestId('bonus-apply-4'));
    await waitFor(() => expect(bodies.apply.map((b) => b.rule_id)).toEqual([4]));
    expect(await screen.findByText('Applied: the bonus is paid with your next qualifying deposit')).toBeTruthy();
  });
});

describe('Promotion page offers', () => {
  it('shows the bonus of this promotion to a member, with its Apply button', async () => {
    offers = [offer({ id: 7, page_id: 9, kind: 'fixed', fixed_amount: 5, title: 'Cashback starter', period: 'week', turnover_base: 'bonus', turnover_multiple: 2, expiry_days: 1 }), offer({ id: 8, page_id: 3 })];
    const user = userEvent.setup();
    renderApp('/discount/9');
    const row = await screen.findByTestId('bonus-offer-7', {}, { timeout: 8000 });
    expect(row.textContent).toContain('$5.00 bonus · turnover 2× the bonus · valid 1 day · once a week');
    expect(screen.queryByTestId('bonus-offer-8')).toBeNull();
    await user.click(screen.getByTestId('bonus-apply-7'));
    await waitFor(() => expect(bodies.apply.map((b) => b.rule_id)).toEqual([7]));
  });
});
