// The Limits page's time-out and self-exclusion: the choices, the
// confirmation naming the end and what it blocks, the days rule before
// anything is sent, and each stage afterwards with the ask to return.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import type { ExclusionState } from '../api/exclusion';

const options = { timeout_days: [1, 3, 7, 14, 42], min_days: 1, max_days: 42, exclusion_periods: ['6m', '1y', '2y', '5y', 'indefinite'] };

let state: ExclusionState | null;
let bodies: Record<string, Record<string, unknown>[]>;

const st = (s: Partial<ExclusionState>): ExclusionState => ({
  kind: 'timeout',
  stage: 'active',
  started_at: '2026-11-24T12:00:00Z',
  ends_at: '2026-11-27T12:00:00Z',
  return_asked_at: '',
  return_at: '',
  indefinite: 0,
  ...s,
});

beforeEach(() => {
  state = null;
  bodies = { preview: [], take: [], return: [] };
  const record = (name: string) => async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies[name].push(body);
    return body;
  };
  server.use(
    http.post('/api/member/limits', () => ok({ list: [] })),
    http.post('/api/member/exclusion', () => ok({ state, options })),
    http.post('/api/member/exclusion/preview', async (c) => {
      const b = await record('preview')(c);
      return ok({ kind: b.kind, ends_at: b.period === 'indefinite' ? '' : '2026-11-27T12:00:00Z', indefinite: b.period === 'indefinite' ? 1 : 0 });
    }),
    http.post('/api/member/exclusion/take', async (c) => {
      await record('take')(c);
      state = st({});
      return ok({ state });
    }),
    http.post('/api/member/exclusion/return', async (c) => {
      await record('return')(c);
      state = st({ stage: 'cooling', return_asked_at: '2026-12-01T12:00:00Z', return_at: '2026-12-02T12:00:00Z' });
      return ok({ state });
    }),
  );
  login(loginData);
});

async function open() {
  renderApp('/user/Limits');
  await screen.findByTestId('uc-exclusion', {}, { timeout: 8000 });
}

describe('Time-out and self-exclusion', () => {
  it('offers the time-outs, confirms with the end and what it blocks, then shows the state', async () => {
    await open();
    const user = userEvent.setup();
    await screen.findByTestId('exclusion-form');
    const lengths = [...screen.getByTestId<HTMLSelectElement>('exclusion-length').options].map((o) => o.textContent);
    expect(lengths).toEqual(['24 hours', '72 hours', '1 week', '2 weeks', '6 weeks', 'Another number of days']);
    await user.selectOptions(screen.getByTestId('exclusion-length'), '3');
    await user.click(screen.getByTestId('exclusion-continue'));
    const dialog = await screen.findByTestId('exclusion-confirm');
    expect(dialog.textContent).toContain('You will be on a time-out until');
    expect(dialog.textContent).toContain('cannot open real-money games, deposit');
    expect(dialog.textContent).toContain('Withdrawals and your history stay available');
    expect(bodies.take).toHaveLength(0);
    await user.click(screen.getByTestId('exclusion-confirm-ok'));
    await waitFor(() => expect(bodies.take).toEqual([{ kind: 'timeout', days: 3 }]));
    expect((await screen.findByTestId('exclusion-title')).textContent).toMatch(/^Time-out until /);
    expect(screen.queryByTestId('exclusion-form')).toBeNull();
  });

  it('cancelling the confirmation sends nothing', async () => {
    await open();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('exclusion-kind'), 'exclusion');
    await user.selectOptions(screen.getByTestId('exclusion-period'), 'indefinite');
    await user.click(screen.getByTestId('exclusion-continue'));
    expect((await screen.findByTestId('exclusion-confirm')).textContent).toContain('You will be self-excluded with no end date.');
    await user.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('exclusion-confirm')).toBeNull());
    expect(bodies.preview).toEqual([{ kind: 'exclusion', period: 'indefinite' }]);
    expect(bodies.take).toHaveLength(0);
  });

  it('checks another number of days before sending', async () => {
    await open();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('exclusion-length'), 'other');
    for (const bad of ['0', '43', '2.5', 'x']) {
      await user.clear(screen.getByTestId('exclusion-days'));
      await user.type(screen.getByTestId('exclusion-days'), bad);
      await user.click(screen.getByTestId('exclusion-continue'));
      expect((await screen.findByTestId('field-error-exclusion-days')).textContent).toBe('Enter whole days from 1 to 42');
    }
    expect(bodies.preview).toHaveLength(0);
    await user.clear(screen.getByTestId('exclusion-days'));
    await user.type(screen.getByTestId('exclusion-days'), '10');
    await user.click(screen.getByTestId('exclusion-continue'));
    await screen.findByTestId('exclusion-confirm');
    expect(bodies.preview).toEqual([{ kind: 'timeout', days: 10 }]);
  });

  it('after the end offers the ask to return, then shows the cooling-off end', async () => {
    state = st({ stage: 'ended' });
    await open();
    const user = userEvent.setup();
    expect((await screen.findByTestId('exclusion-ended')).textContent).toContain('It holds until you ask to return.');
    await user.click(screen.getByTestId('exclusion-return'));
    await waitFor(() => expect(bodies.return).toHaveLength(1));
    expect((await screen.findByTestId('exclusion-cooling')).textContent).toMatch(/^You asked to return\. Play opens again at .+, after a 24-hour cooling-off\.$/);
  });

  it('an indefinite exclusion has no end and no ask to return', async () => {
    state = st({ kind: 'exclusion', ends_at: '', indefinite: 1 });
    await open();
    expect((await screen.findByTestId('exclusion-title')).textContent).toBe('Self-exclusion with no end date');
    expect(screen.queryByTestId('exclusion-return')).toBeNull();
  });

  it('shows the server message when the ask is refused', async () => {
    state = st({ stage: 'ended' });
    server.use(http.post('/api/member/exclusion/return', () => HttpResponse.json({ code: 626, message: 'you can ask to return only after your time-out or self-exclusion ends', data: null })));
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('exclusion-return'));
    expect(await screen.findByText('you can ask to return only after your time-out or self-exclusion ends')).toBeTruthy();
  });
});
