import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kenoRound, kenoSession } from '@/test/games-fixtures';
import { http, HttpResponse } from 'msw';
import { mockPlayApi, UUID } from '@/test/games';
import { server } from '@/test/server';
import { setLang } from '../shared/i18n';
import { setMotionScale } from '../shared/motion';
import { KenoGame } from './KenoGame';
import { quickPick, togglePick } from './logic';

beforeEach(() => {
  setMotionScale(0);
  setLang('en_US');
});
afterEach(() => setMotionScale(undefined));

describe('keno page', () => {
  it('shows the RTP per pick count and the stakes before play (VND, exponent 0)', async () => {
    // the VND session the server opens: 50,000,000 play money, unit 250
    const vnd = { ...kenoSession, currency: 'VND', exponent: 0, balance: 50000000, limits: { unit: 250, stakes: [2500, 5000, 12500, 25000, 50000, 125000, 250000, 1250000] } };
    mockPlayApi(vnd, [kenoRound]);
    render(<KenoGame sessionId="k1" />);
    const panel = await screen.findByTestId('rules-panel');
    // RTP differs per pick count (92.09% with 2 picks .. 95.00% with 1): before any pick, the range
    expect(within(panel).getByTestId('rules-rtp').textContent).toBe('Return to player92.09% to 95.00% by pick count');
    expect(screen.getByTestId('rules-open').textContent).toBe('RTP 92.09% to 95.00% by pick count');
    expect(within(panel).getByTestId('rules-limits').textContent).toContain('Stakes 2,500 to 1,250,000');
    expect(within(panel).getByTestId('keno-paytable').textContent).toContain('10: ×10000');
    expect(screen.getByTestId('game-balance').textContent).toBe('₫50,000,000');
  });

  it('picks numbers, reveals the 20 drawn and highlights the hits', async () => {
    const api = mockPlayApi(kenoSession, [kenoRound]);
    render(<KenoGame sessionId="k1" />);
    fireEvent.click(await screen.findByTestId('rules-start'));
    const picks = kenoRound.choices.picks;
    for (const n of picks) fireEvent.click(screen.getByTestId(`keno-n-${n}`));
    expect(screen.getByTestId('keno-pick-count').textContent).toBe(`${picks.length} / 10 picked`);
    expect(screen.getByTestId('keno-pays').textContent).toContain('RTP 93.30%');
    // the header shows the RTP of the current pick count
    expect(screen.getByTestId('rules-open').textContent).toBe(`RTP 93.30% with ${picks.length} picks`);
    fireEvent.click(screen.getByTestId(`keno-n-${picks[0]}`));
    expect(screen.getByTestId('rules-open').textContent).not.toContain('93.30%');
    fireEvent.click(screen.getByTestId(`keno-n-${picks[0]}`));
    fireEvent.click(screen.getByTestId('keno-play'));

    await waitFor(() => expect(screen.getByTestId('keno-result').textContent).toBe('Hits: 1 · No win this round'));
    expect(api.plays[0].request_id).toMatch(UUID);
    expect(api.plays[0].choices).toEqual({ picks, stake: 10 });
    const drawn = kenoRound.outcome.drawn;
    expect(within(screen.getByTestId('keno-drawn')).getAllByRole('listitem').map((li) => Number(li.textContent))).toEqual(drawn);
    expect(screen.getByTestId('keno-n-67').className).toContain('is-hit');
    expect(screen.getByTestId('keno-n-21').className).toContain('is-drawn');
    expect(screen.getByTestId('keno-n-21').className).not.toContain('is-hit');
    expect(screen.getByTestId('keno-n-1').className).toContain('is-picked');
    expect(screen.getByTestId('keno-hits').textContent).toBe('Hits: 1');
    expect(screen.getByTestId('game-balance').textContent).toBe('$1,999.90');
  });

  it('shows the reality check instead of a bare error, and plays on once acknowledged', async () => {
    const api = mockPlayApi(kenoSession, [kenoRound]);
    let due = true;
    const acks: unknown[] = [];
    server.use(
      http.post('/games/api/play', async ({ request }) => {
        if (!due) {
          api.plays.push((await request.json()) as (typeof api.plays)[number]);
          return HttpResponse.json({ code: 100, message: 'success', data: kenoRound });
        }
        return HttpResponse.json({
          code: 650,
          message: 'time for a reality check',
          data: { minutes: 15, elapsed_minutes: 16, net: -12.5, started_at: '2026-11-24T10:00:00Z', due: 1 },
        });
      }),
      http.post('/games/api/reality/ack', async ({ request }) => {
        acks.push(await request.json());
        due = false;
        return HttpResponse.json({ code: 100, message: 'success', data: { acknowledged: 1 } });
      }),
    );
    render(<KenoGame sessionId="k1" />);
    fireEvent.click(await screen.findByTestId('rules-start'));
    fireEvent.click(screen.getByTestId('keno-n-1'));
    fireEvent.click(screen.getByTestId('keno-play'));
    const check = await screen.findByTestId('reality-check');
    expect(within(check).getByTestId('reality-elapsed').textContent).toBe('You have played for 16 minutes.');
    expect(within(check).getByTestId('reality-net').textContent).toBe('Net result this session: -12.50 USD');
    expect(within(check).getByTestId('reality-history').getAttribute('href')).toBe('/user?page=Transaction');
    expect(within(check).getByTestId('reality-limits').getAttribute('href')).toBe('/user?page=Limits');
    expect(screen.queryByTestId('game-notice')).toBeNull();
    fireEvent.click(within(check).getByTestId('reality-ack'));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(acks).toEqual([{ session: 'k1' }]);
    fireEvent.click(screen.getByTestId('keno-play'));
    await waitFor(() => expect(api.plays).toHaveLength(1));
  });

  it('says play is disabled while the site is in demo mode', async () => {
    mockPlayApi({ ...kenoSession, play_disabled: true }, [kenoRound]);
    render(<KenoGame sessionId="k1" />);
    expect((await screen.findByTestId('game-play-disabled')).textContent).toBe('Play is disabled on this demo site.');
  });

  it('allows at most 10 picks; quick pick gives distinct numbers', () => {
    let p: number[] = [];
    for (let n = 1; n <= 12; n++) p = togglePick(p, n);
    expect(p).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(p, 3)).not.toContain(3);
    const q = quickPick(10);
    expect(new Set(q).size).toBe(10);
    expect(q.every((n) => n >= 1 && n <= 80)).toBe(true);
  });
});
