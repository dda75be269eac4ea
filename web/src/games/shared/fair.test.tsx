import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FAIR_STATE, mockPlayApi } from '@/test/games';
import type { Round } from './api';
import { expectOf, FairBar, verifyHref } from './fair';
import { setLang } from './i18n';

const round = (outcome: unknown, fair?: Round['fair']) =>
  ({ id: 1, game_code: 'gh_keno', game_version: '1', currency: 'USD', stake: 10, win: 0, balance_before: 10, balance_after: 0, choices: {}, outcome, created_at: '', fair }) as Round;

describe('fair helpers', () => {
  it('summarises a recorded outcome as /fair summarises its recomputation', () => {
    expect(expectOf('keno', { drawn: [5, 6, 7] })).toBe('5,6,7');
    expect(expectOf('baccarat', { hand: { player: ['TD', 'JC'], banker: ['9S', 'QS'] } })).toBe('TD,JC 9S,QS');
    expect(expectOf('slot', { base: { stops: [1, 2, 3, 4, 5] }, free_spins: [{ stops: [6, 7, 8, 9, 0] }] })).toBe('1,2,3,4,5 6,7,8,9,0');
    expect(expectOf('slot', { base: { stops: [1, 2, 3, 4, 5] } })).toBe('1,2,3,4,5');
  });

  it('links a round to /fair only once its seed is revealed', () => {
    const f = { commitment: 'ab', client_seed: 'cs', nonce: 3 };
    expect(verifyHref('keno', round({ drawn: [1] }))).toBeNull();
    expect(verifyHref('keno', round({ drawn: [1] }, f))).toBeNull();
    const href = verifyHref('keno', round({ drawn: [1, 2] }, { ...f, server_seed: 'ss' }))!;
    const q = new URL(href, 'http://x').searchParams;
    expect(href.startsWith('/fair?')).toBe(true);
    expect(Object.fromEntries(q)).toEqual({ game: 'keno', server_seed: 'ss', client_seed: 'cs', nonce: '3', commitment: 'ab', expect: '1,2' });
  });
});

describe('FairBar', () => {
  it('shows the commitment before play, keeps the client seed rule, saves and rotates', async () => {
    setLang('en_US');
    const mock = mockPlayApi({}, []);
    const rotated = vi.fn();
    render(<FairBar session="s1" onRotated={rotated} />);
    expect((await screen.findByTestId('fair-commitment')).textContent).toBe(FAIR_STATE.commitment);
    expect(screen.getByTestId('fair-next-nonce').textContent).toBe('0');
    const input = screen.getByTestId('fair-client-seed') as HTMLInputElement;
    expect(input.value).toBe('abc123');
    for (const bad of ['', 'has space', 'x'.repeat(65), 'naïve']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByTestId('fair-save-seed'));
      expect(await screen.findByText('Use 1 to 64 letters, digits, - or _.')).toBeTruthy();
    }
    expect(mock.clientSeeds).toEqual([]);
    fireEvent.change(input, { target: { value: 'My_seed-1' } });
    fireEvent.click(screen.getByTestId('fair-save-seed'));
    await waitFor(() => expect(mock.clientSeeds).toEqual(['My_seed-1']));
    expect(screen.queryByText('Use 1 to 64 letters, digits, - or _.')).toBeNull();
    fireEvent.click(screen.getByTestId('fair-rotate'));
    await waitFor(() => expect(screen.getByTestId('fair-commitment').textContent).toBe('d1'.repeat(32)));
    expect(mock.rotations).toBe(1);
    expect(rotated).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('fair-verifier-link').getAttribute('href')).toBe('/fair');
  });
});
