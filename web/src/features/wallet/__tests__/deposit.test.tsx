// The Deposit page: channels, the amount rules per channel, one request id
// per submit, the gateway's page opened in the depositRedirect helper on
// desktop (the tab on a phone), bank-transfer instructions, the
// unbound-bank-account prompt, and the codes of /member/deposit.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { login } from '@/lib/session';
import { loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { serveWallet, type WalletState } from './wallet-server';

let s: WalletState;
beforeEach(() => {
  s = serveWallet();
  login(loginData);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem('waitingWindow');
});

async function open(path = '/user/Deposit', width = 1280) {
  renderApp(path, { width });
  await screen.findByTestId('deposit-form', {}, { timeout: 8000 });
}

async function pay(amount: string) {
  const user = userEvent.setup();
  const input = screen.getByTestId('deposit-amount');
  await user.clear(input);
  if (amount) await user.type(input, amount);
  await user.click(screen.getByTestId('deposit-submit'));
  return user;
}

const fieldError = () => screen.queryByTestId('field-error-deposit-amount')?.textContent ?? '';

function fakeWindow() {
  const replace = vi.fn();
  const win = { closed: false, focus() {}, close: vi.fn(), location: { replace } } as unknown as Window;
  const open = vi.spyOn(window, 'open').mockReturnValue(win);
  return { open, replace, win };
}

describe('Deposit page', () => {
  it('lists the deposit channels with their limits; /user?page=Deposit opens it too', async () => {
    await open('/user?page=Deposit');
    const picker = screen.getByTestId('deposit-channel');
    expect(within(picker).getByTestId('deposit-channel-1').textContent).toContain('Sandbox pay');
    expect(within(picker).getByTestId('deposit-channel-1').textContent).toContain('$10.00 – $50,000.00');
    expect(within(picker).getByTestId('deposit-channel-2').textContent).toContain('Bank transfer');
    expect(s.bodies['/member/wallet/channels']?.[0]).toEqual({ type: 'deposit' });
  });

  it.each([
    ['', 'Enter an amount.'],
    ['ten', 'Enter the amount as a number, e.g. 100 or 100.50.'],
    ['10.123', 'Use at most 2 decimal places.'],
    ['0', 'The amount must be more than zero.'],
    ['9.99', 'The least this channel accepts is $10.00.'],
    ['50001', 'The most this channel accepts is $50,000.00.'],
  ])('amount %j: %s, nothing sent', async (amount, message) => {
    await open();
    await pay(amount);
    expect(fieldError()).toBe(message);
    expect(s.bodies['/member/deposit']).toBeUndefined();
  });

  it("checks the chosen channel's limits", async () => {
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('deposit-channel-2'));
    await pay('20');
    expect(fieldError()).toBe('The least this channel accepts is $50.00.');
  });

  it('desktop: opens the /loading helper in the click, then sends it to pay_url; a new request id each submit', async () => {
    const { open: opened, replace } = fakeWindow();
    await open();
    await pay('100.50');
    await screen.findByTestId('deposit-order');
    expect(opened).toHaveBeenCalledWith('/loading', 'depositRedirect', '');
    expect(localStorage.getItem('waitingWindow')).toBe('depositWindow');
    expect(replace).toHaveBeenCalledWith('http://localhost:3000/pay/sandbox/abc');
    const [first] = s.bodies['/member/deposit'];
    expect(first).toMatchObject({ channel_id: 1, amount: 100.5 });
    expect(String(first.request_id)).toMatch(/^[\w-]{16,64}$/);
    expect(screen.getByTestId('deposit-order').textContent).toContain('Order D0001 for $100.50 created');

    await pay('20');
    await waitFor(() => expect(s.bodies['/member/deposit']).toHaveLength(2));
    expect(s.bodies['/member/deposit'][1].request_id).not.toBe(first.request_id);
  });

  it('mobile: no window, the tab goes to the payment page', async () => {
    const opened = vi.spyOn(window, 'open');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    await open('/user/Deposit', 390);
    await pay('100');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/pay/sandbox/abc'));
    expect(opened).not.toHaveBeenCalled();
  });

  it('a bank transfer shows where to pay, then the reference of the order', async () => {
    const opened = vi.spyOn(window, 'open');
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('deposit-channel-2'));
    expect(screen.getByTestId('bank-transfer-info').textContent).toContain('Gamehall Demo Bank');
    await pay('60');
    const order = await screen.findByTestId('deposit-order');
    expect(order.textContent).toContain('Order D0001 for $60.00 created');
    expect(within(order).getByTestId('bank-transfer-reference').textContent).toBe('D0001');
    expect(within(order).getByTestId('bank-transfer-info').textContent).toContain('6200 1234 5678');
    expect(opened).not.toHaveBeenCalled();
  });

  it.each([
    [310, 'This payment method is not available. Choose another one.'],
    [311, "The amount is below this channel's minimum of $10.00."],
    [312, "The amount is above this channel's maximum of $50,000.00."],
    [326, 'The payment service did not answer. Please try again.'],
    [205, 'Payments are switched off on this demo site.'],
    [999, 'server says 999'],
  ])('code %i shows its message and closes the helper window', async (code, message) => {
    const { win } = fakeWindow();
    s.fail['/member/deposit'] = { code };
    await open();
    await pay('100');
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(message);
    expect(win.close).toHaveBeenCalled();
    expect(localStorage.getItem('waitingWindow')).toBeNull();
  });

  it('code 324 asks to bind a bank account and leads to BindAccount', async () => {
    s.fail['/member/deposit'] = { code: 324 };
    await open();
    const user = await pay('100');
    const prompt = await screen.findByTestId('bind-bank-prompt');
    expect(prompt.textContent).toContain('Link a bank account before your first deposit.');
    await user.click(screen.getByTestId('bind-bank-prompt-ok'));
    await screen.findByTestId('uc-bank-accounts');
  });

  it('need_bank_account_deposit_verified asks before anything is sent', async () => {
    server.use(http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, need_bank_account_deposit_verified: 1 } })));
    await open();
    await waitFor(() => expect(screen.getByTestId('uc-balance').textContent).toBe('Balance $1,234.50'));
    await pay('100');
    await screen.findByTestId('bind-bank-prompt');
    expect(s.bodies['/member/deposit']).toBeUndefined();
  });

  it('back from the gateway with ?order=, the page says the payment is on its way', async () => {
    await open('/user/Deposit?order=D0042');
    expect(screen.getByTestId('deposit-returned').textContent).toContain('order D0042');
  });
});
