// The red envelope: its countdown in Caracas time ticking every second,
// ended at zero and fetched again 3 s later, the claim modal with the
// cash, closing it refreshing the cash, and code 102 clearing it.
import i18next from 'i18next';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { emitRealtimeEvent } from '@/lib/realtime';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { endsAt, formatLeft, secondsLeft } from '../api/envelope';
import { RedEnvelope } from '../components/RedEnvelope';

/** Caracas wall time of an instant (UTC-4). */
const caracas = (ms: number) => new Date(ms - 4 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

let fetches = 0;
function serveEnvelope(envelope: unknown) {
  fetches = 0;
  server.use(
    http.post('/api/arks/web/activity/red_envelope_promotion', () => {
      fetches++;
      return ok({ envelope });
    }),
  );
}

beforeEach(() => login(loginData));
afterEach(() => vi.useRealTimers());

describe('red envelope times', () => {
  it('reads end_at as Caracas wall time', () => {
    expect(endsAt('2026-11-24 20:00:00')).toBe(Date.parse('2026-11-25T00:00:00Z'));
    expect(secondsLeft('2026-11-24 20:00:00', Date.parse('2026-11-24T23:59:58.5Z'))).toBe(2);
    expect(secondsLeft('2026-11-24 20:00:00', Date.parse('2026-11-25T01:00:00Z'))).toBe(0);
    expect(formatLeft(3723, i18next.t)).toBe('01:02:03');
    expect(formatLeft(90061, i18next.t)).toBe('1d 01:01:01');
    // The days come in the reader's words.
    expect(formatLeft(90061, (_, o) => `${o.days}天 ${o.time}`)).toBe('1天 01:01:01');
  });
});

describe('red envelope', () => {
  it('counts down every second, ends at zero and is fetched again 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveEnvelope({ id: 4, title: 'Lucky', end_at: caracas(Date.now() + 3000) });
    renderUi(<RedEnvelope />);
    const left = await screen.findByTestId('red-envelope-left');
    expect(left.textContent).toMatch(/^00:00:0[23]$/);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByTestId('red-envelope-left').textContent).toBe('Ended');
    serveEnvelope(null);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(fetches).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(700));
    await waitFor(() => expect(screen.queryByTestId('red-envelope')).toBeNull());
    expect(fetches).toBe(1);
  });

  it('shows the cash won; closing fetches the envelope again', async () => {
    serveEnvelope({ id: 4, title: 'Lucky', end_at: caracas(Date.now() + 3600_000) });
    server.use(
      http.post('/api/arks/web/activity/red_envelope', async ({ request }) => {
        expect(await request.json()).toMatchObject({ id: 4 });
        return ok({ cash: 6.18 });
      }),
    );
    const user = userEvent.setup();
    renderUi(<RedEnvelope />);
    await user.click(await screen.findByTestId('red-envelope'));
    expect((await screen.findByTestId('red-envelope-cash')).textContent).toBe('$6.18');
    serveEnvelope(null);
    await user.click(screen.getByTestId('red-envelope-close'));
    await waitFor(() => expect(screen.queryByTestId('red-envelope')).toBeNull());
    expect(fetches).toBe(1);
  });

  it('code 102 shows the message and clears the envelope', async () => {
    serveEnvelope({ id: 4, title: 'Lucky', end_at: caracas(Date.now() + 3600_000) });
    server.use(http.post('/api/arks/web/activity/red_envelope', () => HttpResponse.json({ code: 102, message: 'this red envelope has ended', data: null })));
    const user = userEvent.setup();
    renderUi(<RedEnvelope />);
    await user.click(await screen.findByTestId('red-envelope'));
    await waitFor(() => expect(screen.queryByTestId('red-envelope')).toBeNull());
    expect(await screen.findByText('this red envelope has ended')).toBeTruthy();
  });

  it('a display event on member.{currency} shows a new envelope at once', async () => {
    serveEnvelope(null);
    renderUi(<RedEnvelope />);
    await waitFor(() => expect(fetches).toBe(1));
    serveEnvelope({ id: 9, title: 'Flash', end_at: caracas(Date.now() + 60_000) });
    act(() => emitRealtimeEvent({ event: 'red_envelope', data: { id: 9 }, channel: 'member.USD' }));
    expect(await screen.findByTestId('red-envelope')).toBeTruthy();
  });
});
