// The withdrawal password in the member centre: set the first one with the
// login password, change it with the old one; every local rule and the
// server's refusals show under the right field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { InfoPage } from '../components/InfoPage';
import { profileStore, serveProfile, setting, useSettings } from './profile-server';

type User = ReturnType<typeof userEvent.setup>;

/** /member/profile/withdraw_password: answers `code` (100 sets it in the profile) and records bodies. */
function serveSet(code = 100, message = 'server says no') {
  const bodies: Record<string, string>[] = [];
  server.use(
    http.post('/api/member/profile/withdraw_password', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, string>);
      if (code !== 100) return HttpResponse.json({ code, message, data: null });
      profileStore.profile = { ...profileStore.profile, is_withdraw_password: 1 };
      return ok(null);
    }),
  );
  return bodies;
}

async function open(user: User) {
  renderUi(<InfoPage />, { path: '/user/Info' });
  await user.click(await screen.findByTestId('withdraw-pw-open'));
}

async function fill(user: User, proof: string, next: string, again: string) {
  for (const [name, v] of [['proof', proof], ['next', next], ['again', again]] as const) {
    const input = screen.getByTestId(`withdraw-pw-${name}`);
    await user.clear(input);
    if (v) await user.type(input, v);
  }
  await user.click(screen.getByTestId('withdraw-pw-save'));
}

const err = (name: string) => screen.queryByTestId(`field-error-withdraw-pw-${name}`)?.textContent ?? '';

beforeEach(() => {
  useSettings([setting('member_name'), setting('withdraw_password')]);
  login(loginData);
});

describe('setting the first withdrawal password', () => {
  beforeEach(() => serveProfile({ is_withdraw_password: 0 }));

  it('sends the login password and the new one, then shows it set', async () => {
    const user = userEvent.setup();
    const bodies = serveSet();
    await open(user);
    await fill(user, 'secret123', '4321', '4321');
    await waitFor(() => expect(bodies).toEqual([{ password: 'secret123', withdraw_password: '4321' }]));
    await waitFor(() => expect(screen.getByTestId('uc-withdraw').textContent).toBe('Set'));
    expect(screen.queryByTestId('withdraw-pw-form')).toBeNull();
  });

  it.each([
    ['no login password', '', '4321', '4321', 'proof', 'Enter your login password'],
    ['three digits', 'secret123', '123', '123', 'next', ''],
    ['letters', 'secret123', '12ab', '12ab', 'next', ''],
    ['a different confirmation', 'secret123', '4321', '4322', 'again', 'The two withdrawal passwords differ'],
  ])('refuses %s before sending', async (_name, proof, next, again, field, text) => {
    const user = userEvent.setup();
    const bodies = serveSet();
    await open(user);
    await fill(user, proof, next, again);
    await waitFor(() => expect(err(field)).not.toBe(''));
    if (text) expect(err(field)).toBe(text);
    expect(bodies).toEqual([]);
  });

  it('shows a wrong login password under its field', async () => {
    const user = userEvent.setup();
    serveSet(101, 'the old password is wrong');
    await open(user);
    await fill(user, 'nope12345', '4321', '4321');
    await waitFor(() => expect(err('proof')).toBe('the old password is wrong'));
  });

  it('shows a lock above the form', async () => {
    const user = userEvent.setup();
    serveSet(106, 'too many wrong passwords');
    await open(user);
    await fill(user, 'nope12345', '4321', '4321');
    await waitFor(() => expect(screen.getByTestId('withdraw-pw-error').textContent).toBe('too many wrong passwords'));
  });
});

describe('changing it', () => {
  beforeEach(() => serveProfile({ is_withdraw_password: 1 }));

  it('asks for the old withdrawal password instead of the login password', async () => {
    const user = userEvent.setup();
    const bodies = serveSet();
    await open(user);
    expect(screen.getByText('Current withdrawal password')).toBeTruthy();
    await fill(user, '1234', '5678', '5678');
    await waitFor(() => expect(bodies).toEqual([{ old_withdraw_password: '1234', withdraw_password: '5678' }]));
  });

  it('shows a wrong old one under its field', async () => {
    const user = userEvent.setup();
    serveSet(107, 'the current withdrawal password is wrong');
    await open(user);
    await fill(user, '9999', '5678', '5678');
    await waitFor(() => expect(err('proof')).toBe('the current withdrawal password is wrong'));
  });
});
