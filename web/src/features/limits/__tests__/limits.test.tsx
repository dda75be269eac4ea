// The member centre's Limits page: the member's limits with what each
// window holds, a pending raise confirmed once it may be, a removal, and
// the form's rules before anything is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import type { Limit } from '../api/limits';

const limit = (l: Partial<Limit> & Pick<Limit, 'kind' | 'period'>): Limit => ({ amount: 100, pending_amount: null, pending_at: '', confirmable: 0, ...l });

let list: Limit[];
let bodies: Record<string, Record<string, unknown>[]>;

function serve(answer: Record<string, { code: number; message: string }> = {}) {
  bodies = { set: [], confirm: [] };
  const call = (name: 'set' | 'confirm') => async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies[name].push(body);
    const a = answer[name];
    if (a) return HttpResponse.json({ code: a.code, message: a.message, data: null });
    return ok({ limit: limit({ kind: body.kind as Limit['kind'], period: body.period as Limit['period'] }), removed: 0 });
  };
  server.use(
    http.post('/api/member/limits', () => ok({ list })),
    http.post('/api/member/limits/set', call('set')),
    http.post('/api/member/limits/confirm', call('confirm')),
  );
}

async function open() {
  renderApp('/user/Limits');
  await screen.findByTestId('limit-form', {}, { timeout: 8000 });
}

const err = () => screen.queryByTestId('field-error-limit-amount')?.textContent ?? '';

beforeEach(() => {
  list = [];
  serve();
  login(loginData);
});

describe('Limits page', () => {
  it('says when there is no limit, and is in the menu', async () => {
    await open();
    expect(await screen.findByTestId('limits-none')).toBeTruthy();
    expect(screen.getByTestId('uc-menu-Limits').textContent).toBe('Limits');
  });

  it('shows each limit with what its window holds, and a pending raise with its time', async () => {
    list = [
      limit({ kind: 'deposit', period: 'day', amount: 100, used: 40, pending_amount: 500, pending_at: '2026-11-25T12:00:00Z' }),
      limit({ kind: 'session', period: 'session', amount: 45 }),
    ];
    await open();
    expect((await screen.findByTestId('limit-amount-deposit-day')).textContent).toBe('$100.00');
    expect(screen.getByTestId('limit-used-deposit-day').textContent).toBe('Used: $40.00');
    expect(screen.getByTestId('limit-pending-deposit-day').textContent).toContain('$500.00');
    expect(screen.queryByTestId('limit-confirm-deposit-day')).toBeNull();
    expect(screen.getByTestId('limit-amount-session-session').textContent).toBe('45 min');
  });

  it('confirms a raise once it may, and removes a limit', async () => {
    list = [limit({ kind: 'loss', period: 'week', pending_amount: 300, pending_at: '2026-11-20T12:00:00Z', confirmable: 1 })];
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByTestId('limit-confirm-loss-week'));
    await waitFor(() => expect(bodies.confirm).toEqual([{ kind: 'loss', period: 'week' }]));
    await user.click(screen.getByTestId('limit-remove-loss-week'));
    await waitFor(() => expect(bodies.set).toEqual([{ kind: 'loss', period: 'week', amount: null }]));
  });

  it('sends a money limit in major units and a session limit in minutes', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByTestId('limit-kind'), 'wager');
    await user.selectOptions(screen.getByTestId('limit-period'), 'month');
    await user.type(screen.getByTestId('limit-amount'), '250.5');
    await user.click(screen.getByTestId('limit-save'));
    await waitFor(() => expect(bodies.set).toEqual([{ kind: 'wager', period: 'month', amount: 250.5 }]));
    await user.selectOptions(screen.getByTestId('limit-kind'), 'session');
    expect(screen.queryByTestId('limit-period')).toBeNull();
    await user.type(screen.getByTestId('limit-amount'), '90');
    await user.click(screen.getByTestId('limit-save'));
    await waitFor(() => expect(bodies.set[1]).toEqual({ kind: 'session', period: 'session', amount: 90 }));
  });

  it.each([
    ['deposit', '', 'Enter an amount.'],
    ['deposit', '12.345', ''],
    ['deposit', '-5', ''],
    ['deposit', 'abc', ''],
    ['session', '0', 'Enter whole minutes from 1 to 1440'],
    ['session', '1441', 'Enter whole minutes from 1 to 1440'],
    ['session', '1.5', 'Enter whole minutes from 1 to 1440'],
  ])('refuses a %s limit of %j before sending', async (kind, amount, text) => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByTestId('limit-kind'), kind);
    if (amount) await user.type(screen.getByTestId('limit-amount'), amount);
    await user.click(screen.getByTestId('limit-save'));
    await waitFor(() => expect(err()).not.toBe(''));
    if (text) expect(err()).toBe(text);
    expect(bodies.set).toEqual([]);
  });

  it("shows the server's refusal above the form", async () => {
    serve({ set: { code: 400, message: 'invalid parameters: amount is out of range' } });
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByTestId('limit-amount'), '100');
    await user.click(screen.getByTestId('limit-save'));
    await waitFor(() => expect(screen.getByTestId('limit-error').textContent).toBe('invalid parameters: amount is out of range'));
  });
});

describe('Deposit page', () => {
  it('links to the limits', async () => {
    renderApp('/user/Deposit');
    expect((await screen.findByTestId('deposit-limits-link', {}, { timeout: 8000 })).getAttribute('href')).toBe('/user/Limits');
  });

  it('offers limits while the member has none, until "not now" (remembered)', async () => {
    const user = userEvent.setup();
    const first = renderApp('/user/Deposit');
    const offer = await screen.findByTestId('limits-offer', {}, { timeout: 8000 });
    expect(offer.textContent).toContain('You have not set any limits yet');
    expect(screen.getByTestId('limits-offer-set').getAttribute('href')).toBe('/user/Limits');
    await user.click(screen.getByTestId('limits-offer-dismiss'));
    expect(screen.queryByTestId('limits-offer')).toBeNull();
    first.unmount();
    renderApp('/user/Deposit');
    await screen.findByTestId('deposit-limits-link', {}, { timeout: 8000 });
    expect(screen.queryByTestId('limits-offer')).toBeNull();
  });

  it('does not offer limits to a member who has one', async () => {
    let asked = 0;
    server.use(http.post('/api/member/limits', () => (asked++, ok({ list: [limit({ kind: 'deposit', period: 'day' })] }))));
    renderApp('/user/Deposit');
    await screen.findByTestId('deposit-limits-link', {}, { timeout: 8000 });
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('limits-offer')).toBeNull();
  });
});

describe('Reality check interval', () => {
  const check = (chosen: number | null) => ({
    minutes: chosen ?? 60,
    chosen,
    site_default: 60,
    choices: [15, 30, 45, 60, 90, 120],
    playing: 0,
    started_at: '',
    elapsed_minutes: 0,
    net: 0,
    due_at: '',
    due: 0,
  });

  it('follows the site default until the member chooses an interval, and sends the choice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/member/limits/reality', () => ok(check(null))),
      http.post('/api/member/limits/reality/set', async ({ request }) => {
        const body = (await request.json()) as { minutes: number | null };
        sent.push(body);
        return ok(check(body.minutes));
      }),
    );
    await open();
    const select = (await screen.findByTestId('reality-minutes', {}, { timeout: 8000 })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Site default (60 min)',
      ...[15, 30, 45, 60, 90, 120].map((n) => `${n} min`),
    ]);
    await userEvent.setup().selectOptions(select, '30');
    await waitFor(() => expect(sent).toEqual([{ minutes: 30 }]));
    await waitFor(() => expect(select.value).toBe('30'));
    await userEvent.setup().selectOptions(select, '');
    await waitFor(() => expect(sent).toEqual([{ minutes: 30 }, { minutes: null }]));
  });
});
