import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baccaratRound, baccaratSession } from '@/test/games-fixtures';
import { mockPlayApi, UUID } from '@/test/games';
import { setLang } from '../shared/i18n';
import { setMotionScale } from '../shared/motion';
import { BaccaratGame } from './BaccaratGame';
import { dealOrder, handTotal } from './cards';

beforeEach(() => {
  setMotionScale(0);
  setLang('en_US');
});
afterEach(() => setMotionScale(undefined));

describe('baccarat page', () => {
  it('shows the return per bet and the limits before play', async () => {
    mockPlayApi(baccaratSession, [baccaratRound]);
    render(<BaccaratGame sessionId="b1" />);
    const panel = await screen.findByTestId('rules-panel');
    expect(within(panel).getByTestId('rules-rtp').textContent).toContain('98.94%');
    const table = within(panel).getByTestId('bac-paytable');
    expect(table.textContent).toContain('0.95:1');
    expect(table.textContent).toContain('85.64%');
    expect(within(panel).getByTestId('rules-limits').textContent).toBe('Chips 0.2 · 1 · 5 · 10 · 50 · 100; Up to 500.00 on each bet');
  });

  it('places chips, deals the server hand with totals and the winner, and settles the bets', async () => {
    const api = mockPlayApi(baccaratSession, [baccaratRound]);
    render(<BaccaratGame sessionId="b1" />);
    fireEvent.click(await screen.findByTestId('rules-start'));
    fireEvent.click(screen.getByTestId('bac-chip-1')); // 1.00
    fireEvent.click(screen.getByTestId('bac-spot-player'));
    fireEvent.click(screen.getByTestId('bac-chip-0')); // 0.20
    fireEvent.click(screen.getByTestId('bac-spot-tie'));
    expect(screen.getByTestId('bac-stake-player').textContent).toContain('1.00');
    expect(screen.getByTestId('bac-stake-tie').textContent).toContain('0.20');
    fireEvent.click(screen.getByTestId('bac-deal'));

    await waitFor(() => expect(screen.getByTestId('bac-winner').textContent).toContain('Banker wins 6:7'));
    expect(api.plays[0].request_id).toMatch(UUID);
    expect(api.plays[0].choices).toEqual({ bets: { player: 100, tie: 20 } });
    const hand = baccaratRound.outcome.hand;
    hand.player.forEach((c, i) => expect(screen.getByTestId(`bac-card-player-${i}`).getAttribute('data-card')).toBe(c));
    hand.banker.forEach((c, i) => expect(screen.getByTestId(`bac-card-banker-${i}`).getAttribute('data-card')).toBe(c));
    expect(screen.getByTestId('bac-player-total').textContent).toBe('6');
    expect(screen.getByTestId('bac-banker-total').textContent).toBe('7');
    expect(screen.getByTestId('bac-spot-banker').className).toContain('is-winner');
    expect(screen.getByTestId('bac-result-player').textContent).toBe('-1.00');
    expect(screen.getByTestId('bac-result-tie').textContent).toBe('-0.20');
    expect(screen.getByTestId('bac-win').textContent).toBe('No win this round');
    expect(screen.getByTestId('game-balance').textContent).toBe('$1,998.80');
    expect(within(screen.getByTestId('bac-road')).getByText('B')).toBeTruthy();
  });

  it('deals in punto banco order and totals modulo ten', () => {
    expect(dealOrder({ player: ['AS', '2H', '3D'], banker: ['KC', 'TD'] }).map((s) => `${s.side[0]}${s.index}`)).toEqual(['p0', 'b0', 'p1', 'b1', 'p2']);
    expect(handTotal(['7S', '9S'])).toBe(6);
    expect(handTotal(['KH', 'TD', 'AS'])).toBe(1);
  });
});
