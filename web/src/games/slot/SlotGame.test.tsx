import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slotRoundFreeSpins, slotRoundLines, slotSession } from '@/test/games-fixtures';
import { mockPlayApi, UUID } from '@/test/games';
import { setLang } from '../shared/i18n';
import { setMotionScale } from '../shared/motion';
import { winningCells } from './logic';
import { SlotGame } from './SlotGame';
import type { Spin } from './types';

beforeEach(() => {
  setMotionScale(0);
  setLang('en_US');
});
afterEach(() => setMotionScale(undefined));

async function start() {
  const panel = await screen.findByTestId('rules-panel');
  fireEvent.click(within(panel).getByTestId('rules-start'));
  await waitFor(() => expect(screen.queryByTestId('rules-panel')).toBeNull());
}

describe('slot page', () => {
  it('shows the RTP, paytable, limits and play-money balance before play', async () => {
    mockPlayApi(slotSession, [slotRoundLines]);
    render(<SlotGame sessionId="s1" />);
    const panel = await screen.findByTestId('rules-panel');
    expect(within(panel).getByTestId('rules-rtp').textContent).toContain('96.04%');
    expect(within(panel).getByTestId('rules-limits').textContent).toBe('Line bet 0.01 to 5.00; total bet 0.20 to 100.00');
    const paytable = within(panel).getByTestId('slot-paytable');
    expect(paytable.textContent).toContain('WILD');
    expect(paytable.textContent).toContain('1000');
    expect(panel.textContent).toContain('Demo · play money');
    expect(panel.textContent).toContain('2,000.00');
    expect(screen.getByTestId('game-balance').textContent).toBe('$2,000.00');
  });

  it('a real-money session says so, never play money', async () => {
    mockPlayApi({ ...slotSession, demo: false }, [slotRoundLines]);
    render(<SlotGame sessionId="s1" />);
    const panel = await screen.findByTestId('rules-panel');
    expect(panel.textContent).toContain('Real money');
    expect(panel.textContent).not.toContain('play money');
    await start();
    expect(screen.getByTestId('game-money-kind').textContent).toBe('Real money');
  });

  it('lands the reels on the server window, highlights the winning lines and moves the balance', async () => {
    const api = mockPlayApi(slotSession, [slotRoundLines]);
    render(<SlotGame sessionId="s1" />);
    await start();
    fireEvent.click(screen.getByTestId('slot-bet-up'));
    fireEvent.click(screen.getByTestId('slot-bet-down'));
    expect(screen.getByTestId('slot-total-bet').textContent).toBe('0.20');
    fireEvent.click(screen.getByTestId('slot-spin'));

    await waitFor(() => expect(screen.getByTestId('slot-win').textContent).toBe('You won 0.30'));
    expect(api.plays).toHaveLength(1);
    expect(api.plays[0].session).toBe('s1');
    expect(api.plays[0].request_id).toMatch(UUID);
    expect(api.plays[0].choices).toEqual({ line_bet: 1 });

    const win = slotRoundLines.outcome.base as Spin;
    const expected = winningCells(win, slotSession.rules.paylines);
    // line 3 (bottom row: WILD WILD SEVEN), lines 7 and 11 (K)
    expect([...expected].sort()).toEqual(['1-0', '1-2', '2-0', '2-1', '2-2']);
    for (let row = 0; row < 3; row++) {
      for (let reel = 0; reel < 5; reel++) {
        const cell = screen.getByTestId(`slot-cell-${row}-${reel}`);
        expect(cell.getAttribute('data-symbol')).toBe(win.window[row][reel]);
        expect([`${row}-${reel}`, cell.classList.contains('is-win')]).toEqual([`${row}-${reel}`, expected.has(`${row}-${reel}`)]);
      }
    }
    const lines = screen.getByTestId('slot-line-wins');
    expect(lines.textContent).toContain('Line 3: 3 × SEVEN · 0.20');
    expect(lines.textContent).toContain('Line 7: 3 × K · 0.05');
    expect(screen.getByTestId('game-balance').textContent).toBe('$1,999.40');
  });

  it('plays the free spins through and ends on the last free spin', async () => {
    mockPlayApi(slotSession, [slotRoundFreeSpins]);
    render(<SlotGame sessionId="s1" />);
    await start();
    fireEvent.click(screen.getByTestId('slot-spin'));
    await waitFor(() => expect(screen.getByTestId('slot-win').textContent).toBe('You won 8.14'));
    const spins = slotRoundFreeSpins.outcome.free_spins as Spin[];
    expect(screen.getByTestId('slot-free').textContent).toContain(`Free spin ${spins.length} / ${spins.length}`);
    expect(screen.getByTestId('slot-free').textContent).toContain('Free spins win 4.14');
    const last = spins[spins.length - 1];
    expect(screen.getByTestId('slot-cell-0-0').getAttribute('data-symbol')).toBe(last.window[0][0]);
    expect(screen.getByTestId('game-balance').textContent).toBe('$1,998.86');
  });

  it('lists the round in the history: time, bet, win, balances, choices and version', async () => {
    mockPlayApi(slotSession, [slotRoundLines]);
    render(<SlotGame sessionId="s1" />);
    await start();
    fireEvent.click(screen.getByTestId('slot-spin'));
    await screen.findByTestId('slot-win');
    fireEvent.click(screen.getByTestId('history-open'));
    const panel = await screen.findByTestId('history-panel');
    const [row] = await within(panel).findAllByTestId('history-row');
    expect(within(row).getByTestId('history-bet').textContent).toBe('0.20');
    expect(within(row).getByTestId('history-win').textContent).toBe('0.30');
    expect(within(row).getByTestId('history-after').textContent).toBe('1,999.40');
    expect(row.textContent).toContain('1,999.30');
    expect(row.textContent).toContain('line bet 0.01 × 20');
    expect(row.textContent).toContain(`Round #${slotRoundLines.id}`);
    expect(row.querySelector('time')?.getAttribute('dateTime')).toBe(slotRoundLines.created_at);
  });

  it('an ended session says so and offers the lobby', async () => {
    const { server } = await import('@/test/server');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('/games/api/session', () => HttpResponse.json({ code: 207, message: 'ended', data: {} })));
    render(<SlotGame sessionId="gone" />);
    const fatal = await screen.findByTestId('game-fatal');
    expect(fatal.textContent).toContain('The game session has ended');
    expect(within(fatal).getByTestId('game-lobby-link').getAttribute('href')).toBe('/');
  });

  it('without a session id it asks to start from the lobby', async () => {
    render(<SlotGame sessionId={null} />);
    expect((await screen.findByTestId('game-fatal')).textContent).toContain('No game session');
  });
});
