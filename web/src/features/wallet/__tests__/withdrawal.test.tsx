// The Withdrawal page: channel, bound account, amount within the channel
// and the main balance, the four-digit withdrawal password, and every code
// of /member/withdraw in the member's words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { account, serveWallet, type WalletState } from './wallet-server';

let s: WalletState;
beforeEach(() => {
  s = serveWallet({ accounts: [account(1), account(2)] });
  login(loginData);
});

async function open() {
  renderApp('/user/Withdrawal');
  await screen.findByTestId('withdraw-form', {}, { timeout: 8000 });
  // The main balance is known before anything is checked against it.
  await waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe('$1,000.00'));
}

async function submit(amount: string, password: string) {
  const user = userEvent.setup();
  if (amount) await user.type(screen.getByTestId('withdraw-amount'), amount);
  if (password) await user.type(screen.getByTestId('withdraw-password'), password);
  await user.click(screen.getByTestId('withdraw-submit'));
  return user;
}

const err = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? '';

describe('Withdrawal page', () => {
  it('shows the channel, its daily count and the bound accounts', async () => {
    await open();
    expect(screen.getByTestId('withdraw-channel-3').textContent).toContain('$20.00 – $20,000.00');
    expect(screen.getByText('Up to 3 withdrawals a day.')).toBeTruthy();
    const options = [...(screen.getByTestId('withdraw-account') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['JPMorgan Chase ********1001', 'JPMorgan Chase ********1002']);
    expect(s.bodies['/member/wallet/channels']?.[0]).toEqual({ type: 'withdrawal' });
  });

  it.each([
    ['', '', 'amount', 'Enter an amount.'],
    ['19.99', '1234', 'amount', 'The least this channel accepts is $20.00.'],
    ['20000.01', '1234', 'amount', 'The most this channel accepts is $20,000.00.'],
    ['1000.01', '1234', 'amount', 'The amount is more than your main wallet holds.'],
    ['100', '', 'password', 'Enter your withdrawal password.'],
    ['100', '123', 'password', '4 digits.'],
  ])('amount %j, password %j: %s says %j; nothing sent', async (amount, password, field, message) => {
    await open();
    await submit(amount, password);
    expect(err(`withdraw-${field}`)).toBe(message);
    expect(s.bodies['/member/withdraw']).toBeUndefined();
  });

  it('the password field keeps four digits only', async () => {
    await open();
    await userEvent.setup().type(screen.getByTestId('withdraw-password'), '12ab3456');
    expect((screen.getByTestId('withdraw-password') as HTMLInputElement).value).toBe('1234');
  });

  it('sends channel, chosen account, amount, password and a request id', async () => {
    await open();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('withdraw-account'), '2');
    await submit('150.25', '1234');
    expect((await screen.findByTestId('withdraw-order')).textContent).toContain('Withdrawal W0001 of $150.25 requested');
    expect(s.bodies['/member/withdraw'][0]).toMatchObject({ channel_id: 3, bank_account_id: 2, amount: 150.25, withdraw_password: '1234' });
    expect(String(s.bodies['/member/withdraw'][0].request_id).length).toBeGreaterThanOrEqual(16);
  });

  it.each([
    [301, 'Your main wallet does not hold that much.'],
    [310, 'This payment method is not available. Choose another one.'],
    [311, "The amount is below this channel's minimum of $20.00."],
    [312, "The amount is above this channel's maximum of $20,000.00."],
    [313, "You have used today's 3 withdrawals on this channel. Try again tomorrow."],
    [314, 'Choose the bank account to withdraw to.'],
    [315, 'That bank account is not one of yours.'],
    [319, 'Wrong withdrawal password.'],
    [320, 'Too many wrong withdrawal passwords: withdrawals are locked for 30 minutes.'],
    [322, 'Set a withdrawal password first (Personal info).'],
  ])('code %i: %s, and the password is cleared', async (code, message) => {
    s.fail['/member/withdraw'] = { code };
    await open();
    await submit('100', '1234');
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(message);
    expect((screen.getByTestId('withdraw-password') as HTMLInputElement).value).toBe('');
  });

  it('without a bound account it links to BindAccount', async () => {
    s.accounts = [];
    await open();
    expect(screen.getByTestId('withdraw-no-account').textContent).toContain('No bank account linked yet.');
    await submit('100', '1234');
    expect(err('withdraw-account')).toBe('Choose the bank account to withdraw to.');
    await userEvent.setup().click(screen.getByTestId('withdraw-bind-link'));
    await screen.findByTestId('uc-bank-accounts');
  });
});
