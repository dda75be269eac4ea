// The lobby's game lists (hot games, search, a type's games, favourites,
// recently played), demo launch into the game modal, and the demo game list.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent } from '@/lib/realtime';
import { login, logout } from '@/lib/session';
import { envConfig, loginData } from '@/test/fixtures';
import { catalogueState } from '@/test/catalogue';
import { ok } from '@/test/handlers';
import { captureBodies } from '@/test/capture';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

async function lobby(width = 1280) {
  const utils = renderApp('/', { width });
  const popup = await screen.findByTestId('bulletin-popup');
  fireEvent.click(within(popup).getByTestId('bulletin-close'));
  await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
  return utils;
}

/** The first play button of a game (a game may sit in several lists). */
const tiles = (el: HTMLElement) => within(el).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid?.replace('game-tile-', ''));

const play = (code: string) => fireEvent.click(screen.getAllByTestId(`game-play-${code}`)[0]);

describe('lobby game lists', () => {
  it('all games shows the hot games of /v3/game_list for this device and currency', async () => {
    const bodies = captureBodies('/v3/game_list');
    await lobby();
    const hot = await screen.findByTestId('hot-games');
    expect(within(hot).getByTestId('game-tile-gh_slot_fortune')).toBeTruthy();
    expect(within(hot).getByTestId('game-tile-gh_keno').textContent).toContain('New');
    // Not hot: not listed.
    expect(within(hot).queryByTestId('game-tile-aur_polar_treasure')).toBeNull();
    expect(bodies[0]).toMatchObject({ site_id: 1, currency: 'USD', support_device: 1, template: expect.any(String) });
    // Visitors try games for free; customized entries (a provider's own lobby) need a login.
    expect(within(hot).getByTestId('game-play-gh_slot_fortune').textContent).toBe('Free play');
    expect(within(hot).getByTestId('game-play-pit_sportsbook').textContent).toBe('Play');
  });

  it('searches game names and shows what matched, or that nothing did', async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'keno' } });
    const results = await screen.findByTestId('search-results');
    expect(within(results).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid)).toEqual(['game-tile-gh_keno']);
    expect(screen.queryByTestId('hot-games')).toBeNull();
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'no such game' } });
    expect((await screen.findByTestId('search-results-empty')).textContent).toContain('no such game');
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: '' } });
    await screen.findByTestId('hot-games');
  });

  it("the site's curated lists follow the hot games, in their order, empty ones left out", async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    const originals = await screen.findByTestId('template-list-1');
    expect(tiles(originals)).toEqual(['gh_slot_fortune', 'gh_baccarat', 'gh_keno']);
    const featured = screen.getByTestId('template-list-2');
    expect(originals.compareDocumentPosition(featured) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('template-list-3')).toBeNull();
    expect(screen.getByText('Gamehall Originals')).toBeTruthy();
  });

  it("a type's tab shows its new games (/v2/get_tag_game_list) when it has any", async () => {
    const bodies = captureBodies('/v2/get_tag_game_list');
    await lobby();
    fireEvent.click(await screen.findByTestId('game-type-tab-2'));
    await screen.findByTestId('type-games-2');
    await waitFor(() => expect(bodies).toContainEqual({ site_id: 1, currency: 'USD', support_device: 1, tag: 'new', gt_id: 2 }));
    // No new slots in the catalogue: no row.
    expect(screen.queryByTestId('new-games-2')).toBeNull();
    fireEvent.click(screen.getByTestId('game-type-tab-3'));
    await screen.findByTestId('type-games-3');
    expect(screen.queryByTestId('new-games-3')).toBeNull();
  });

  it("a type's tab lists that type's games", async () => {
    await lobby();
    fireEvent.click(await screen.findByTestId('game-type-tab-2'));
    const list = await screen.findByTestId('type-games-2');
    const codes = within(list).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid);
    expect(codes).toEqual(['game-tile-gh_slot_fortune', 'game-tile-aur_northern_lights', 'game-tile-aur_polar_treasure', 'game-tile-drg_jade_dragon', 'game-tile-drg_lucky_koi']);
  });

  it('a member sees favourites and recently played, and marks a favourite', async () => {
    catalogueState.favorites.add(3);
    catalogueState.lastPlayed = [2, 1];
    login(loginData);
    const store = captureBodies('/arks/web/member-games/favorite/store');
    await lobby();
    fireEvent.click(await screen.findByTestId('lobby-tab-my_favorite'));
    const favs = await screen.findByTestId('favorite-games');
    expect(within(favs).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid)).toEqual(['game-tile-gh_keno']);

    fireEvent.click(screen.getByTestId('lobby-tab-last_play'));
    const last = await screen.findByTestId('last-played-games');
    // Newest first, as the server lists the ids.
    expect(within(last).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid)).toEqual(['game-tile-gh_baccarat', 'game-tile-gh_slot_fortune']);

    const fav = within(last).getByTestId('favorite-gh_baccarat');
    expect(fav.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(fav);
    await waitFor(() => expect(store).toEqual([{ data: [2], status: 1 }]));
    await waitFor(() => expect(screen.getByTestId('favorite-gh_baccarat').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByTestId('lobby-tab-my_favorite'));
    await waitFor(() =>
      expect(within(screen.getByTestId('favorite-games')).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid)).toEqual(['game-tile-gh_keno', 'game-tile-gh_baccarat']),
    );
  });

  it('a refused favourite flips back and shows the server message', async () => {
    login(loginData);
    server.use(http.post('/api/arks/web/member-games/favorite/store', () => HttpResponse.json({ code: 500, message: 'Favourites are resting', data: null })));
    await lobby();
    const hot = await screen.findByTestId('hot-games');
    const fav = within(hot).getByTestId('favorite-gh_keno');
    fireEvent.click(fav);
    expect(await screen.findByText('Favourites are resting')).toBeTruthy();
    await waitFor(() => expect(within(hot).getByTestId('favorite-gh_keno').getAttribute('aria-pressed')).toBe('false'));
  });

  it('visitors get no favourite marks', async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    expect(screen.queryByTestId('favorite-gh_keno')).toBeNull();
  });
});

describe('demo launch, desktop', () => {
  it('opens the game page in the demo game modal, which adds no header of its own, and closes it', async () => {
    const bodies = captureBodies('/demo/play');
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_slot_fortune');
    const modal = await screen.findByTestId('game-modal');
    expect(modal.getAttribute('aria-label')).toBe('Fortune Reels');
    // The game page is the only title bar: no second title or close button around it.
    expect(within(modal).queryByRole('heading')).toBeNull();
    expect(within(modal).queryByRole('button')).toBeNull();
    expect(within(modal).getByTestId('game-frame').getAttribute('src')).toBe(`${location.origin}/games/gh_slot_fortune/?session=test-session`);
    expect(bodies[0]).toEqual({ site_id: 1, currency: 'USD', device: 0, gp_id: 1, game_type: 2, game_code: 'gh_slot_fortune', house: 1 });
    expect(localStorage.getItem('isPlay')).toBe('1');

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('game-modal')).toBeNull());
    expect(localStorage.getItem('isPlay')).toBe('0');
  });

  it('the game page quits through quickGame from its frame; other messages are ignored', async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    const frame = (await screen.findByTestId('game-frame')) as HTMLIFrameElement;
    // From another origin, or from a window that is not the game: nothing happens.
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { msg: 'quickGame' }, origin: 'https://evil.example', source: frame.contentWindow })));
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { msg: 'quickGame' }, origin: window.location.origin, source: window })));
    expect(screen.getByTestId('game-modal')).toBeTruthy();
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { msg: 'quickGame' }, origin: window.location.origin, source: frame.contentWindow })));
    await waitFor(() => expect(screen.queryByTestId('game-modal')).toBeNull());
  });

  it('a provider that is not connected answers with a clear message', async () => {
    await lobby();
    fireEvent.click(await screen.findByTestId('game-type-tab-2'));
    await screen.findByTestId('type-games-2');
    play('aur_northern_lights');
    expect(await screen.findByText('This game provider is not connected yet.')).toBeTruthy();
    expect(screen.queryByTestId('game-modal')).toBeNull();
    expect(localStorage.getItem('isPlay')).not.toBe('1');
  });

  it("a game under maintenance (203) shows the window in the site zone, the provider's notice and customer service", async () => {
    server.use(
      http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ customer_service_url: 'https://help.example.com' }) })),
      http.post('/api/demo/play', () =>
        HttpResponse.json({
          code: 203,
          message: 'maintenance',
          data: { start_at: '2026-11-23T06:00:00Z', end_at: '2026-11-23T08:30:00Z', text: 'New tables are being installed.' },
        }),
      ),
    );
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    const dialog = await screen.findByTestId('maintenance-dialog');
    // 06:00 UTC is 02:00 in Caracas (UTC-4).
    expect(within(dialog).getByTestId('maintenance-window').textContent).toMatch(/02:00.*04:30/);
    expect(within(dialog).getByTestId('maintenance-notice').textContent).toBe('New tables are being installed.');
    expect(within(dialog).getByTestId('maintenance-service').getAttribute('href')).toBe('https://help.example.com');
  });

  it('a customized entry asks a visitor to log in first', async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    play('pit_sportsbook');
    const dialog = await screen.findByTestId('login-required');
    fireEvent.click(within(dialog).getByTestId('login-required-login'));
    await screen.findByTestId('login-modal');
  });

  it('a second start while one is starting is refused', async () => {
    let release!: () => void;
    server.use(
      http.post('/api/demo/play', async () => {
        await new Promise<void>((r) => (release = r));
        return ok({ game_url: '/games/gh_keno/?session=s' });
      }),
    );
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    play('gh_slot_fortune');
    expect(await screen.findByText('A game is starting. Please wait.')).toBeTruthy();
    release();
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe(`${location.origin}/games/gh_keno/?session=s`);
  });

  it('the demo game list offers only the games that launch with play money', async () => {
    await lobby();
    await screen.findByTestId('hot-games');
    fireEvent.click(screen.getByTestId('open-demo-list'));
    const list = await screen.findByTestId('demo-game-list');
    const codes = (await within(list).findAllByTestId(/^game-tile-/)).map((e) => e.dataset.testid);
    expect(codes.sort()).toEqual(['game-tile-gh_baccarat', 'game-tile-gh_keno', 'game-tile-gh_slot_fortune']);
    fireEvent.click(within(list).getByTestId('game-play-gh_baccarat'));
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe(`${location.origin}/games/gh_baccarat/?session=test-session`);
    expect(screen.queryByTestId('demo-game-list')).toBeNull();
  });

  it('a game page that refuses frames opens in a window at the player\'s click', async () => {
    server.use(http.post('/api/demo/play', () => ok({ game_url: 'https://provider.example/noframe/game' })));
    const checks = captureBodies('/check_iframe');
    const win = { closed: false, close: vi.fn(), location: { replace: vi.fn(), href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    try {
      await lobby();
      await screen.findByTestId('hot-games');
      play('gh_keno');
      const dialog = await screen.findByTestId('open-window-dialog');
      expect(checks).toEqual([{ url: 'https://provider.example/noframe/game' }]);
      expect(screen.queryByTestId('game-modal')).toBeNull();
      expect(open).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByTestId('open-window-play'));
      expect(open).toHaveBeenCalledWith('https://provider.example/noframe/game', 'redirect');
      expect(localStorage.getItem('isPlay')).toBe('1');
      expect(localStorage.getItem('waitingWindow')).toBe('gameWindow');
    } finally {
      open.mockRestore();
    }
  });

  it('a frameable provider page plays in the modal; our own pages are never checked', async () => {
    server.use(http.post('/api/demo/play', () => ok({ game_url: 'https://provider.example/game' })));
    const checks = captureBodies('/check_iframe');
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe('https://provider.example/game');
    expect(checks).toHaveLength(1);
  });

  it('a game address with a blocked protocol is refused', async () => {
    server.use(http.post('/api/demo/play', () => ok({ game_url: 'javascript:alert(1)' })));
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect(await screen.findByText('The game could not start. Please try again.')).toBeTruthy();
    expect(screen.queryByTestId('game-modal')).toBeNull();
  });

  it.each([
    [205, 'This site runs in demo mode: play is disabled.'],
    [206, 'This game is not available right now.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [999, 'the server says no'],
  ])('launch code %s shows %s', async (code, text) => {
    server.use(http.post('/api/demo/play', () => HttpResponse.json({ code, message: 'the server says no', data: null })));
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('a game left running by an earlier page is quit 300 ms after start', async () => {
    localStorage.setItem('isPlay', '1');
    await lobby();
    await waitFor(() => expect(localStorage.getItem('isPlay')).toBe('0'));
  });

  it('logging out closes the game', async () => {
    login(loginData);
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    await screen.findByTestId('game-modal');
    act(() => logout());
    await waitFor(() => expect(screen.queryByTestId('game-modal')).toBeNull());
    expect(localStorage.getItem('isPlay')).toBe('0');
  });

  it('demo mode disables every play button and says why', async () => {
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ demo_mode: true }) })));
    const demoPlay = captureBodies('/demo/play');
    await lobby();
    const hot = await screen.findByTestId('hot-games');
    expect(screen.getByTestId('demo-mode-notice').textContent).toBeTruthy();
    const buttons = within(hot).getAllByTestId(/^game-play-/) as HTMLButtonElement[];
    expect(buttons.length).toBeGreaterThan(3);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect((screen.getByTestId('open-demo-list') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(buttons[0]);
    expect(screen.queryByTestId('game-modal')).toBeNull();
    expect(demoPlay).toHaveLength(0);
  });
});

describe('real-money launch, desktop', () => {
  it('a member opens the game with play1, loads the address from game_url, and leaves with leave1', async () => {
    login(loginData);
    const play1 = captureBodies('/member/game/play1');
    const demo = captureBodies('/demo/play');
    const leave = captureBodies('/member/game/leave1');
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_slot_fortune');
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe(`${location.origin}/games/gh_slot_fortune/?session=real-session`);
    expect(play1[0]).toEqual({ gp_id: 1, game_type: 2, game_code: 'gh_slot_fortune', lobby_url: '/close', device: 0 });
    expect(demo).toHaveLength(0);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('game-modal')).toBeNull());
    await waitFor(() => expect(leave).toHaveLength(1));
    expect(localStorage.getItem('isPlay')).toBe('0');
  });

  it.each([
    [954, 'A game is already open. Close it first.'],
    [955, 'Please wait until the balance recall has finished.'],
    [957, 'Transfers to this game are switched off right now. Your balance stays in your wallet.'],
  ])('code %i from play1 shows its message and opens nothing', async (code, text) => {
    login(loginData);
    server.use(http.post('/api/member/game/play1', () => HttpResponse.json({ code, message: 'server text', data: {} })));
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByTestId('game-modal')).toBeNull();
    expect(localStorage.getItem('isPlay')).not.toBe('1');
  });

  it('a reality check (650) from play1 shows the check, and acknowledging lets the member start again', async () => {
    login(loginData);
    server.use(
      http.post('/api/member/game/play1', () =>
        HttpResponse.json({ code: 650, message: 'time for a reality check', data: { minutes: 30, elapsed_minutes: 31, net: 25, due: 1 } }),
      ),
      http.post('/api/member/limits/reality/ack', () => ok({ minutes: 30, due: 0 })),
    );
    // after the answer above: a capture passes the call on to it
    const acks = captureBodies('/member/limits/reality/ack');
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    const dialog = await screen.findByTestId('reality-dialog');
    expect(within(dialog).getByTestId('reality-dialog-elapsed').textContent).toBe('You have played for 31 minutes.');
    expect(within(dialog).getByTestId('reality-dialog-net').textContent).toBe('Net result this session: +$25.00');
    expect(within(dialog).getByTestId('reality-dialog-history').getAttribute('href')).toBe('/user?page=Transaction');
    expect(screen.queryByTestId('game-modal')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('reality-dialog-ack'));
    await waitFor(() => expect(screen.queryByTestId('reality-dialog')).toBeNull());
    expect(acks).toHaveLength(1);
    expect(localStorage.getItem('isPlay')).not.toBe('1');
  });

  it('transfers refused after play1 answered (forward_game_status 957) end the start and leave the game', async () => {
    login(loginData);
    const leave = captureBodies('/member/game/leave1');
    server.use(
      http.post('/api/member/game/play1', () => {
        setTimeout(() => emitRealtimeEvent({ event: 'forward_game_status', data: { code: 957, game_code: 'gh_keno' }, channel: 'member.1' }), 10);
        return ok({ state: 'playing', game_code: 'gh_keno', gp_id: 1 });
      }),
    );
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect(await screen.findByText('Transfers to this game are switched off right now. Your balance stays in your wallet.')).toBeTruthy();
    expect(screen.queryByTestId('game-modal')).toBeNull();
    await waitFor(() => expect(leave).toHaveLength(1));
  });
});

describe('force-stop warning', () => {
  it('opening /user while a game plays asks first; cancel stays, confirm leaves the game and goes on', async () => {
    login(loginData);
    const leave = captureBodies('/member/game/leave1');
    const win = { closed: false, close: vi.fn(), location: { replace: vi.fn(), href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    try {
      const { router } = await lobby(390);
      await screen.findByTestId('hot-games');
      play('gh_slot_fortune');
      await waitFor(() => expect(win.location.replace).toHaveBeenCalled());

      act(() => void router.navigate('/user'));
      const dialog = await screen.findByTestId('force-stop');
      expect(dialog.textContent).toContain('Opening this page closes it');
      fireEvent.click(within(dialog).getByText('Cancel'));
      await waitFor(() => expect(screen.queryByTestId('force-stop')).toBeNull());
      expect(router.state.location.pathname).toBe('/');
      expect(leave).toHaveLength(0);

      // Elsewhere in the lobby needs no question.
      act(() => void router.navigate('/slotgame?gt_id=2'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/slotgame'));
      expect(screen.queryByTestId('force-stop')).toBeNull();

      act(() => void router.navigate('/user'));
      fireEvent.click(await screen.findByTestId('force-stop-confirm'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
      expect(leave).toHaveLength(1);
      expect(localStorage.getItem('isPlay')).toBe('0');
    } finally {
      open.mockRestore();
    }
  });
});

describe('demo launch, mobile', () => {
  it('opens the loading window inside the click, then sends it to the game', async () => {
    const bodies = captureBodies('/demo/play');
    const replace = vi.fn();
    const win = { closed: false, close: vi.fn(), location: { replace, href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    try {
      await lobby(390);
      await screen.findByTestId('hot-games');
      play('gh_slot_fortune');
      expect(open).toHaveBeenCalledWith('/loading', 'redirect');
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`${location.origin}/games/gh_slot_fortune/?session=test-session`));
      expect(bodies[0]).toMatchObject({ device: 1, game_code: 'gh_slot_fortune' });
      expect(localStorage.getItem('waitingWindow')).toBe('gameWindow');
      expect(screen.queryByTestId('game-modal')).toBeNull();
      // Closing the game window ends the game (watched every 500 ms).
      win.closed = true;
      await waitFor(() => expect(localStorage.getItem('isPlay')).toBe('0'), { timeout: 2000 });
      expect(localStorage.getItem('waitingWindow')).toBeNull();
    } finally {
      open.mockRestore();
    }
  });

  it('a refused start closes the loading window', async () => {
    const win = { closed: false, close: vi.fn(), location: { replace: vi.fn(), href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    try {
      await lobby(390);
      fireEvent.click(await screen.findByTestId('game-type-tab-2'));
      await screen.findByTestId('type-games-2');
      play('drg_lucky_koi');
      expect(await screen.findByText('This game provider is not connected yet.')).toBeTruthy();
      expect(win.close).toHaveBeenCalled();
      expect(win.location.replace).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });
});
