// Spec section 4: login and logout reload the member-dependent lists (game
// lists with their favourite marks, marquee, pop-ups), each exactly once:
// no request is started and then dropped for a copy under another key.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { captureBodies } from '@/test/capture';
import { loginData } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const LISTS = ['/v3/game_list', '/arks/web/member-games/hot-games', '/v2/get_template_game_list', '/arks/web/announcement/marquee'];

async function lobbyLoaded() {
  renderApp('/');
  fireEvent.click(await screen.findByTestId('bulletin-close'));
  await screen.findByTestId('hot-games');
  await screen.findAllByText(/Welcome to Gamehall!/);
}

/** Calls per list after `step`, once the lobby has settled again. */
async function callsDuring(step: () => unknown): Promise<Record<string, number>> {
  const seen = Object.fromEntries(LISTS.map((p) => [p, captureBodies(p)]));
  await act(async () => step());
  await waitFor(() => LISTS.forEach((p) => expect(seen[p].length).toBeGreaterThan(0)));
  // Long enough for a second, replacing request to have started.
  await act(() => new Promise((r) => setTimeout(r, 300)));
  return Object.fromEntries(LISTS.map((p) => [p, seen[p].length]));
}

const once = Object.fromEntries(LISTS.map((p) => [p, 1]));

describe('login and logout reload the lists once', () => {
  it('login asks each member list once', async () => {
    await lobbyLoaded();
    expect(await callsDuring(() => login(loginData, 'form'))).toEqual(once);
    await screen.findByTestId('member-bar');
  });

  it('logout asks each visitor list once', async () => {
    login(loginData, 'form');
    await lobbyLoaded();
    await screen.findByTestId('member-bar');
    expect(await callsDuring(() => fireEvent.click(screen.getByTestId('logout-button')))).toEqual(once);
    await screen.findByTestId('open-login');
  });
});
