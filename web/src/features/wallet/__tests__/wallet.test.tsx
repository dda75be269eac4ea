// MyWallet, the balance dialog, the header cash, the real-time refresh
// (`cash`, `deposit_success` on member.{id}), the purchase event, fast
// payment and the guest guards of the money windows.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { emitRealtimeEvent } from '@/lib/realtime';
import { login, logout, takePendingTarget } from '@/lib/session';
import { loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { captureBodies } from '@/test/capture';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { serveWallet, type WalletState } from './wallet-server';

let s: WalletState;
let cash = 1234.5;
beforeEach(() => {
  cash = 1234.5;
  server.use(http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, member_cash: cash } })));
  s = serveWallet();
});
afterEach(() => {
  vi.restoreAllMocks();
  logout();
});

const member = (event: string, data: Record<string, unknown> = {}) =>
  act(() => emitRealtimeEvent({ event, data, channel: `member.${loginData.member_id}` }));

describe('wallet screens', () => {
  it('MyWallet lists every wallet and the total', async () => {
    login(loginData);
    renderApp('/user/MyWallet');
    const list = await screen.findByTestId('my-wallet', {}, { timeout: 8000 });
    const rows = within(list).getAllByTestId('my-wallet-row').map((r) => r.textContent);
    expect(rows).toEqual(['Main wallet$1,000.00', 'In-house games$25.50Recall']);
    expect(screen.getByTestId('my-wallet-total').textContent).toBe('$1,025.50');
  });

  it('money left at a provider is recalled from MyWallet, one provider or all', async () => {
    login(loginData);
    server.use(
      http.post('/api/member/profile/balance_get_back', () => {
        s.cash[0].balance += s.cash[1].balance;
        s.cash[1].balance = 0;
        return ok({ providers: ['GP001'] });
      }),
    );
    const one = captureBodies('/member/profile/balance_get_back');
    renderApp('/user/MyWallet');
    await screen.findByTestId('my-wallet', {}, { timeout: 8000 });
    expect(screen.getByTestId('recall-all')).toBeTruthy();
    await userEvent.click(screen.getByTestId('recall-5'));
    expect(await screen.findByText('Your balance is back in your main wallet.')).toBeTruthy();
    expect(one).toEqual([{ gp_id: 5 }]);
    await member('cash', { currency: 'USD' });
    await waitFor(() => expect(within(screen.getByTestId('my-wallet')).getAllByTestId('my-wallet-row').map((r) => r.textContent)).toEqual(['Main wallet$1,025.50', 'In-house games$0.00']));
    // Nothing held at a provider: no recall offered.
    expect(screen.queryByTestId('recall-all')).toBeNull();
  });

  it('a cash event refreshes the centre balance and MyWallet without reload', async () => {
    login(loginData);
    renderApp('/user/MyWallet');
    await screen.findByTestId('my-wallet', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('uc-balance').textContent).toBe('Balance $1,234.50'));
    cash = 1334.5;
    s.cash[0].balance = 1100;
    await member('cash', { currency: 'USD' });
    await waitFor(() => expect(screen.getByTestId('uc-balance').textContent).toBe('Balance $1,334.50'));
    await waitFor(() => expect(screen.getByTestId('my-wallet-total').textContent).toBe('$1,125.50'));
  });

  it('the header shows a dash until the cash is loaded, a Deposit button, and the balance dialog', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/member/profile/common/layout', async () => {
        await gate;
        return ok({ member_common_layout: { ...memberLayout, member_cash: cash } });
      }),
    );
    login(loginData);
    renderApp('/');
    expect((await screen.findByTestId('member-cash', {}, { timeout: 8000 })).textContent).toBe('-');
    expect(screen.getByTestId('open-deposit').textContent).toBe('Deposit');
    release();
    await waitFor(() => expect(screen.getByTestId('member-cash').textContent).toBe('$1,234.50'));
    cash = 2000;
    await member('deposit_success', { order_no: 'D9', amount: 765.5, currency: 'USD', deposit_count: 2 });
    await waitFor(() => expect(screen.getByTestId('member-cash').textContent).toBe('$2,000.00'));
    expect(await screen.findByText('Deposit of $765.50 received: your balance is updated.')).toBeTruthy();

    await userEvent.setup().click(screen.getByTestId('open-wallets'));
    const dialog = await screen.findByTestId('wallet-balances');
    await within(dialog).findByTestId('wallet-balances-list');
    expect(within(dialog).getByTestId('wallet-balances-list-total').textContent).toBe('$1,025.50');
  });

  it('deposit_success sends the purchase event, first deposit apart from repeat ones', async () => {
    const bodies = captureBodies('/fb_tracking');
    login(loginData);
    renderApp('/');
    await screen.findByTestId('member-bar', {}, { timeout: 8000 });
    await member('deposit_success', { order_no: 'D1', amount: 100, currency: 'USD', deposit_count: 1 });
    await member('deposit_success', { order_no: 'D2', amount: 50, currency: 'USD', deposit_count: 2 });
    await waitFor(() => expect(bodies).toHaveLength(2), { timeout: 5000 });
    expect(bodies.map((b) => [b.eventName, b.eventID])).toEqual([
      ['FirstDeposit', 'deposit-D1'],
      ['Purchase', 'deposit-D2'],
    ]);
    expect(bodies[1].customData).toMatchObject({ currency: 'USD', value: 50, deposit_count: 2 });
  });

  it('no purchase event while the member centre window is open', async () => {
    const bodies = captureBodies('/fb_tracking');
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus() {}, close() {} } as unknown as Window);
    login(loginData);
    renderApp('/');
    await userEvent.setup().click(await screen.findByTestId('open-user', {}, { timeout: 8000 }));
    await member('deposit_success', { order_no: 'D3', amount: 10, currency: 'USD', deposit_count: 3 });
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies).toHaveLength(0);
  });

  it.each([
    ['iOS', 'webkit', { messageHandlers: { postMessage: {} } }],
    ['Android', 'Android', {}],
  ])('no purchase event inside the %s app', async (_app, bridge, value) => {
    const bodies = captureBodies('/fb_tracking');
    login(loginData);
    renderApp('/');
    await screen.findByTestId('member-bar', {}, { timeout: 8000 });
    const w = window as unknown as Record<string, unknown>;
    w[bridge] = value;
    try {
      await member('deposit_success', { order_no: 'D4', amount: 10, currency: 'USD', deposit_count: 4 });
    } finally {
      delete w[bridge];
    }
    // Events go out in order: the browser's one arriving alone shows the app's was never sent.
    await member('deposit_success', { order_no: 'D5', amount: 10, currency: 'USD', deposit_count: 5 });
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 5000 });
    expect(bodies[0].eventID).toBe('deposit-D5');
  });

  it('quickGame closes the payment helper named by waitingWindow', async () => {
    const close = vi.fn();
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus() {}, close, location: { replace() {} } } as unknown as Window);
    login(loginData);
    renderApp('/user/Deposit');
    await userEvent.setup().type(await screen.findByTestId('deposit-amount', {}, { timeout: 8000 }), '100');
    await userEvent.setup().click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-order');
    expect(localStorage.getItem('waitingWindow')).toBe('depositWindow');
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { msg: 'quickGame' }, origin: window.location.origin })));
    expect(close).toHaveBeenCalled();
    expect(localStorage.getItem('waitingWindow')).toBeNull();
  });
});

describe('fast payment and guests', () => {
  it('the isFastDeposit cookie opens fast payment in a sized pop-up on desktop', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus() {} } as unknown as Window);
    login(loginData);
    setCookie('isFastDeposit', 'true', { path: '/' });
    renderApp('/');
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/fastPayment', 'fastPayment', 'width=520,height=760'));
    expect(document.cookie).not.toContain('isFastDeposit');
  });

  it('on a phone the isFastDeposit cookie opens fast payment in the tab, with its deposit form', async () => {
    login(loginData);
    setCookie('isFastDeposit', 'true', { path: '/' });
    const { router } = renderApp('/', { width: 390 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/fastPayment'), { timeout: 8000 });
    await screen.findByTestId('deposit-form', {}, { timeout: 8000 });
  });

  it('fast payment opens its gateway page in the fpRedirect helper', async () => {
    const replace = vi.fn();
    const opened = vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus() {}, close() {}, location: { replace } } as unknown as Window);
    login(loginData);
    renderApp('/fastPayment');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('deposit-amount', {}, { timeout: 8000 }), '25');
    await user.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:3000/pay/sandbox/abc'));
    expect(opened).toHaveBeenCalledWith('/loading', 'fpRedirect', '');
    expect(localStorage.getItem('waitingWindow')).toBe('fpWindow');
  });

  it.each(['/user/Deposit', '/user/Withdrawal', '/fastPayment'])('a guest opening %s gets the login modal and check_login_msg', async (path) => {
    renderApp(path);
    await screen.findByTestId('auth-modal', {}, { timeout: 8000 });
    expect(await screen.findByText('Please log in first.')).toBeTruthy();
    expect(screen.queryByTestId('deposit-form')).toBeNull();
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('a guest with the isFastDeposit cookie is asked to log in first', async () => {
    setCookie('isFastDeposit', 'true', { path: '/' });
    renderApp('/');
    await screen.findByTestId('auth-modal', {}, { timeout: 8000 });
    expect(takePendingTarget()).toBe('/fastPayment');
  });
});
