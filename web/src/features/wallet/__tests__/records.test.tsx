// Transaction (every ledger movement) and DWRecord (deposit and withdrawal
// orders): rows, the filters sent, pagination.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import type { DWRecord, Movement } from '../api/wallet';
import { historyStart } from '../components/TransactionPage';
import { serveWallet, type WalletState } from './wallet-server';

const movement = (i: number, kind = i % 2 ? 'bet' : 'win'): Movement => ({
  id: 100 - i,
  kind,
  wallet: 'main',
  amount: kind === 'bet' ? -5 : 12.5,
  balance_after: 1000 - i,
  reference: `R${i}`,
  created_at: '2026-11-24T10:00:00Z',
});

const record = (i: number, type: DWRecord['type'], status: string): DWRecord => ({
  type,
  order_no: `${type === 'deposit' ? 'D' : 'W'}${i}`,
  status,
  amount: 100 + i,
  fee: type === 'withdrawal' ? 1 : 0,
  created_at: '2026-11-24T10:00:00Z',
  settled_at: null,
});

let s: WalletState;
beforeEach(() => {
  login(loginData);
});

describe('Transaction', () => {
  beforeEach(() => {
    s = serveWallet({
      movements: [
        { id: 900, kind: 'deposit', wallet: 'main', amount: 100, balance_after: 1100, reference: 'D0001', created_at: '2026-11-24T10:00:00Z' },
        { id: 899, kind: 'withdrawal_hold', wallet: 'hold', amount: 50, balance_after: 50, reference: 'W0001', created_at: '2026-11-24T09:00:00Z' },
        ...Array.from({ length: 23 }, (_, i) => movement(i)),
      ],
    });
  });

  it('shows time, kind, signed amount, balance after and reference', async () => {
    renderApp('/user/Transaction');
    const rows = await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
    expect(rows).toHaveLength(20);
    const cells = [...rows[0].querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['Deposit', '+$100.00', '$1,100.00', 'D0001']);
    expect(rows[0].querySelector('td')?.textContent).toMatch(/\d/);
    expect([...rows[1].querySelectorAll('td')][1].textContent).toBe('Withdrawal on hold · on hold');
    expect([...rows[2].querySelectorAll('td')][2].textContent).toBe('+$12.50');
    expect([...rows[3].querySelectorAll('td')][2].textContent).toBe('-$5.00');
  });

  it('pages through the movements', async () => {
    renderApp('/user/Transaction');
    await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
    expect(screen.getByTestId('tx-pager-label').textContent).toBe('Page 1 of 2');
    expect((screen.getByTestId('tx-pager-prev') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().click(screen.getByTestId('tx-pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(5));
    expect(screen.getByTestId('tx-pager-label').textContent).toBe('Page 2 of 2');
    expect(s.bodies['/member/transactions'].at(-1)).toEqual({ page: 2, count: 20 });
  });

  it('filters by kinds and date range, from page 1 again', async () => {
    renderApp('/user/Transaction');
    await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tx-pager-next'));
    await user.click(screen.getByTestId('tx-kind-deposit'));
    await user.click(screen.getByTestId('tx-kind-withdrawal_hold'));
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(2));
    expect(screen.getByTestId('tx-kind-deposit').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByTestId('tx-range-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('tx-range-to'), { target: { value: '2026-11-24' } });
    await waitFor(() =>
      expect(s.bodies['/member/transactions'].at(-1)).toEqual({ page: 1, count: 20, kinds: ['deposit', 'withdrawal_hold'], from: '2026-11-01', to: '2026-11-24' }),
    );
    expect(screen.queryByTestId('tx-pager')).toBeNull();
  });

  it('shows the deposits, paid withdrawals and net deposit of the range', async () => {
    s.movements.push({ id: 1, kind: 'withdrawal', wallet: 'hold', amount: -30, balance_after: 20, reference: 'W0001', created_at: '2026-11-24T08:00:00Z' });
    renderApp('/user/Transaction');
    expect((await screen.findByTestId('tx-deposits', {}, { timeout: 8000 })).textContent).toBe('$100.00');
    expect(screen.getByTestId('tx-withdrawals').textContent).toBe('$30.00');
    expect(screen.getByTestId('tx-net-deposit').textContent).toBe('+$70.00');
    expect(screen.getByTestId('tx-months').textContent).toBe('Your history of the last 3 months');
  });

  it('lets the date range start no earlier than three months back', async () => {
    renderApp('/user/Transaction');
    await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
    expect(screen.getByTestId('tx-range-from').getAttribute('min')).toBe(historyStart(new Date(), 'America/Caracas'));
    expect(historyStart(new Date('2026-11-24T20:00:00Z'), 'Asia/Shanghai')).toBe('2026-08-25');
    expect(historyStart(new Date('2026-05-31T12:00:00Z'), 'UTC')).toBe('2026-03-03');
  });

  describe('CSV', () => {
    let clicked: string[];
    beforeEach(() => {
      clicked = [];
      URL.createObjectURL = vi.fn(() => 'blob:history');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads the filtered history under the name the server gives, with the member token', async () => {
      let asked: URL | undefined;
      let auth: string | null = null;
      server.use(
        http.get('/api/member/transactions.csv', ({ request }) => {
          asked = new URL(request.url);
          auth = request.headers.get('authorization');
          return new HttpResponse('time,kind\n', {
            headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="account-history-20260825-20261124.csv"' },
          });
        }),
      );
      renderApp('/user/Transaction');
      await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
      const user = userEvent.setup();
      await user.click(screen.getByTestId('tx-kind-bet'));
      await user.click(screen.getByTestId('tx-csv'));
      await waitFor(() => expect(clicked).toEqual(['account-history-20260825-20261124.csv']));
      expect(asked?.searchParams.get('kinds')).toBe('bet');
      expect(auth).toMatch(/^Bearer /);
    });

    it('shows the server refusal instead of a file', async () => {
      server.use(http.get('/api/member/transactions.csv', () => HttpResponse.json({ code: 400, message: 'invalid parameters: from must be within the last 3 months', data: null })));
      renderApp('/user/Transaction');
      await screen.findAllByTestId('tx-row', {}, { timeout: 8000 });
      await userEvent.setup().click(screen.getByTestId('tx-csv'));
      expect(await screen.findByText('invalid parameters: from must be within the last 3 months', {}, { timeout: 8000 })).toBeTruthy();
      expect(clicked).toEqual([]);
    });
  });

  it('says so when nothing matches', async () => {
    s.movements = [];
    renderApp('/user/Transaction');
    expect((await screen.findByTestId('tx-empty', {}, { timeout: 8000 })).textContent).toBe('No records for these filters.');
  });
});

describe('DWRecord', () => {
  beforeEach(() => {
    s = serveWallet({
      records: [
        record(1, 'withdrawal', 'pending'),
        record(2, 'deposit', 'paid'),
        record(3, 'withdrawal', 'rejected'),
        ...Array.from({ length: 20 }, (_, i) => record(10 + i, 'deposit', 'expired')),
      ],
    });
  });

  it('lists orders with type, number, amount, fee and status', async () => {
    renderApp('/user/DWRecord');
    const rows = await screen.findAllByTestId('dw-row', {}, { timeout: 8000 });
    expect(rows).toHaveLength(20);
    expect([...rows[0].querySelectorAll('td')].slice(1).map((c) => c.textContent)).toEqual(['Withdrawal', 'W1', '$101.00', '$1.00', 'Pending']);
    expect(within(rows[1]).getByTestId('dw-status').textContent).toBe('Paid');
    expect(within(rows[2]).getByTestId('dw-status').textContent).toBe('Rejected');
    expect(screen.getByTestId('dw-pager-label').textContent).toBe('Page 1 of 2');
  });

  it('filters by type and dates, and pages', async () => {
    renderApp('/user/DWRecord');
    await screen.findAllByTestId('dw-row', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('dw-pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('dw-row')).toHaveLength(3));
    expect(s.bodies['/member/records'].at(-1)).toEqual({ page: 2, count: 20 });
    await user.click(screen.getByTestId('dw-type-withdrawal'));
    await waitFor(() => expect(screen.getAllByTestId('dw-row')).toHaveLength(2));
    expect(s.bodies['/member/records'].at(-1)).toEqual({ page: 1, count: 20, type: 'withdrawal' });
    fireEvent.change(screen.getByTestId('dw-range-from'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(s.bodies['/member/records'].at(-1)).toEqual({ page: 1, count: 20, type: 'withdrawal', from: '2026-11-20' }));
  });
});
