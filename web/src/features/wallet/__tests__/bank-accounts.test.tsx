// Bank accounts on the BindAccount page (beside the contact handles): the
// bound ones masked, the bind form's rules from account_no_rule, and the
// codes of /member/bank_accounts/bind.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { serveProfile } from '@/features/member-centre/__tests__/profile-server';
import { account, serveWallet, type WalletState } from './wallet-server';

let s: WalletState;
beforeEach(() => {
  serveProfile();
  s = serveWallet({ accounts: [account(1)] });
  login(loginData);
});

async function open() {
  renderApp('/user/BindAccount');
  await screen.findByTestId('bank-bind-form', {}, { timeout: 8000 });
}

async function bind(bank: string, no: string, holder: string) {
  const user = userEvent.setup();
  if (bank) await user.selectOptions(screen.getByTestId('bank-code'), bank);
  if (no) await user.type(screen.getByTestId('bank-account-no'), no);
  if (holder) await user.type(screen.getByTestId('bank-holder'), holder);
  await user.click(screen.getByTestId('bank-bind-submit'));
}

const err = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? '';

describe('bank accounts', () => {
  it('sit beside the contact handles; bound ones show masked', async () => {
    await open();
    expect(screen.getByTestId('uc-bind')).toBeTruthy();
    expect(within(screen.getByTestId('bank-list')).getByTestId('bank-account-1').textContent).toContain('********1001');
    expect(screen.getByTestId('field-bank-account-no').textContent).toContain('8 to 17 digits');
  });

  it('checks bank, number format and holder before sending', async () => {
    await open();
    await bind('', '1234', '');
    expect(err('bank-code')).toBe('Choose a bank.');
    expect(err('bank-account-no')).toBe('The account number must be 8 to 17 digits.');
    expect(err('bank-holder')).toBe("Enter the account holder's name.");
    expect(s.bodies['/member/bank_accounts/bind']).toBeUndefined();
  });

  it('binds and lists the new account', async () => {
    await open();
    await bind('CITI', '1234 5678 9012', 'Dana Demo');
    expect((await screen.findByTestId('bank-bind-done')).textContent).toBe('Citibank ****9012 is linked.');
    expect(s.bodies['/member/bank_accounts/bind'][0]).toEqual({ bank_code: 'CITI', account_no: '123456789012', holder_name: 'Dana Demo' });
    await screen.findByTestId('bank-account-2');
  });

  it.each([
    [316, 'You have linked as many bank accounts as allowed.'],
    [317, 'The account holder must be the name on your profile.'],
    [318, 'The account number must be 8 to 17 digits.'],
    [323, 'That bank is not offered for your currency.'],
    [327, 'This bank account is already linked.'],
  ])('code %i: %s', async (code, message) => {
    s.fail['/member/bank_accounts/bind'] = { code };
    await open();
    await bind('CHASE', '12345678', 'Someone Else');
    expect((await screen.findByTestId('bank-bind-error')).textContent).toBe(message);
  });
});
