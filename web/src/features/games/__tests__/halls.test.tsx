// The halls: /slotgame (Popular and providers with label tabs), /gameHall/{id}
// with its platform description, the desktop /gameRoom, /play and /close.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { envConfig, gameTypes, loginData } from '@/test/fixtures';
import { login } from '@/lib/session';
import { ok } from '@/test/handlers';
import { captureBodies } from '@/test/capture';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { launchStore } from '../launch/store';

const hallProvider = (gp_id: number, name: string, hall: string, house = 0, game_count = 1) => ({
  gp_id,
  gp_code: `GP00${gp_id}`,
  gp_name: name,
  gp_gt_name: hall,
  gp_logo: `/media/provider/GP00${gp_id}.svg`,
  gp_logo_dark: `/media/provider/GP00${gp_id}-dark.svg`,
  house,
  active: 1,
  connected: house,
  maintenance: 0,
  game_count,
});

const lottery = {
  gt_id: 5,
  gt_name: 'Lottery',
  gt_name_en: 'Lottery',
  gt_key: 'lottery',
  app_type_prefix: 'l_',
  gt_icon: '/media/game-type/5.svg',
  gt_icon_active: '/media/game-type/5-active.svg',
  gp_list: [hallProvider(1, 'Gamehall Originals', 'Gamehall Originals Lottery', 1), hallProvider(6, 'Lucky Draw', 'Lucky Draw Lottery', 0, 2)],
};

const withLottery = () => server.use(http.post('/api/demo/gt_games', () => ok({ list: [...gameTypes, lottery] })));
const tiles = (el: HTMLElement) => within(el).getAllByTestId(/^game-tile-/).map((e) => e.dataset.testid?.replace('game-tile-', ''));

describe('slot list /slotgame', () => {
  it('opens on Popular: the hot slots of /demo/gp_games', async () => {
    const bodies = captureBodies('/demo/gp_games');
    renderApp('/slotgame?gt_id=2');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Slots');
    expect(screen.getByTestId('provider-tab-Popular').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_slot_fortune', 'aur_northern_lights', 'drg_jade_dragon']));
    expect(bodies[0]).toEqual({ site_id: 1, currency: 'USD', device: 0, gp_id: 'Popular', game_type_id: 2, house: 0 });
    expect(screen.queryByTestId('label-tabs')).toBeNull();
  });

  it('a phone sends device id 1 (spec section 9: desktop 0, mobile 1, app 2)', async () => {
    const popular = captureBodies('/demo/gp_games');
    const labels = captureBodies('/v2/game_label');
    renderApp('/slotgame?gt_id=2', { width: 390 });
    fireEvent.click(await screen.findByTestId('provider-tab-2'));
    await waitFor(() => expect(labels.at(-1)).toEqual({ site_id: 1, currency: 'USD', device: 1, gp_id: 2, game_type_id: 2, house: 0 }));
    expect(popular[0]).toMatchObject({ device: 1, gp_id: 'Popular' });
  });

  it("a provider shows its games with the site's label tabs (/v2/game_label)", async () => {
    const bodies = captureBodies('/v2/game_label');
    const { router } = renderApp('/slotgame?gt_id=2');
    fireEvent.click(await screen.findByTestId('provider-tab-2'));
    await waitFor(() => expect(router.state.location.search).toBe('?gt_id=2&gp_id=2&house=0'));
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['aur_northern_lights', 'aur_polar_treasure']));
    expect(bodies.at(-1)).toEqual({ site_id: 1, currency: 'USD', device: 0, gp_id: 2, game_type_id: 2, house: 0 });
    // Only labels with games of this selection are offered.
    expect(screen.getByTestId('label-tab-hot')).toBeTruthy();
    expect(screen.queryByTestId('label-tab-new')).toBeNull();
    fireEvent.click(screen.getByTestId('label-tab-hot'));
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['aur_northern_lights']));
    expect(router.state.location.search).toContain('label=hot');
    fireEvent.click(screen.getByTestId('label-tab-all'));
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toHaveLength(2));
  });

  it('gp_id and house in the address select the provider', async () => {
    const bodies = captureBodies('/v2/game_label');
    renderApp('/slotgame?gt_id=2&gp_id=1&house=1');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_slot_fortune']));
    expect(screen.getByTestId('provider-tab-1').getAttribute('aria-selected')).toBe('true');
    expect(bodies[0]).toMatchObject({ gp_id: 1, house: 1 });
  });

  it('the platform description names the providers', async () => {
    renderApp('/slotgame?gt_id=2');
    expect((await screen.findByTestId('platform-description')).textContent).toBe('Platforms: Originals, Aurora');
  });

  it('demo mode disables play in the hall', async () => {
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ demo_mode: true }) })));
    renderApp('/slotgame?gt_id=2');
    await screen.findByTestId('demo-mode-notice');
    await waitFor(() => expect((screen.getByTestId('game-play-gh_slot_fortune') as HTMLButtonElement).disabled).toBe(true));
  });
});

describe('game hall /gameHall/{id}', () => {
  it("lists a type's providers, its description and the first provider's games", async () => {
    withLottery();
    const bodies = captureBodies('/demo/gp_games');
    renderApp('/gameHall/5');
    await screen.findByTestId('game-hall-5');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Lottery');
    expect(screen.getByTestId('platform-description').textContent).toBe('Platforms: Gamehall Originals, Lucky Draw');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_keno']));
    expect(bodies[0]).toEqual({ site_id: 1, currency: 'USD', device: 0, gp_id: 1, game_type_id: 5, house: 1 });
    fireEvent.click(screen.getByTestId('provider-tab-6'));
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['lkd_speed_lotto', 'lkd_lucky_six']));
  });

  it('gp_id in the address preselects a provider', async () => {
    withLottery();
    renderApp('/gameHall/5?gp_id=6');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['lkd_speed_lotto', 'lkd_lucky_six']));
    expect(screen.getByTestId('provider-tab-6').getAttribute('aria-selected')).toBe('true');
  });

  it('launches keno from the lottery hall into the game modal', async () => {
    withLottery();
    renderApp('/gameHall/5');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_keno']));
    fireEvent.click(screen.getByTestId('game-play-gh_keno'));
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe(`${location.origin}/games/gh_keno/?session=test-session`);
  });

  it.each([
    ['desktop', 1280],
    ['mobile', 390],
  ])('a type no provider plays shows its empty state, not tiles (%s)', async (_, width) => {
    const sport = { ...gameTypes.find((x) => x.gt_id === 3)!, gt_id: 4, gt_name: 'Sports', gt_key: 'sport', gp_list: [] };
    server.use(http.post('/api/demo/gt_games', () => ok({ list: [...gameTypes, sport] })));
    const games = captureBodies('/demo/gp_games');
    renderApp('/gameHall/4', { width });
    const empty = await screen.findByTestId('hall-empty');
    expect(empty.querySelector('h2')?.textContent).toBe('Sports is coming soon');
    expect(empty.querySelector('img')?.getAttribute('src')).toBe(sport.gt_icon_active);
    expect(within(empty).getByTestId('hall-empty-slots').getAttribute('href')).toBe('/slotgame?gt_id=2');
    expect(screen.queryByTestId('hall-games')).toBeNull();
    expect(screen.queryAllByTestId(/^game-tile-/)).toEqual([]);
    expect(games).toEqual([]);
    fireEvent.click(within(empty).getByTestId('hall-empty-slots'));
    expect(await screen.findByTestId('provider-tab-Popular')).toBeTruthy();
  });

  it("the lobby's card of a type no provider plays says it is coming soon", async () => {
    const sport = { ...gameTypes.find((x) => x.gt_id === 3)!, gt_id: 4, gt_name: 'Sports', gt_key: 'sport', gp_list: [] };
    server.use(http.post('/api/demo/gt_games', () => ok({ list: [...gameTypes, sport] })));
    renderApp('/');
    const card = await screen.findByTestId('game-type-card-4');
    expect(card.querySelector('.gt-card__meta')?.textContent).toBe('Coming soon');
    expect(screen.getByTestId('game-type-card-3').querySelector('.gt-card__meta')?.textContent).not.toBe('Coming soon');
  });

  it('slots have their own hall; an unknown type says so', async () => {
    const first = renderApp('/gameHall/2');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/slotgame'));
    first.unmount();
    renderApp('/gameHall/42');
    expect(await screen.findByTestId('hall-missing')).toBeTruthy();
  });

  it('the Chinese site joins the providers with the Chinese list comma', async () => {
    withLottery();
    await i18next.changeLanguage('zh_CN');
    try {
      renderApp('/gameHall/5');
      await waitFor(() => expect(screen.getByTestId('platform-description').textContent).toContain('Gamehall Originals、Lucky Draw'));
    } finally {
      await i18next.changeLanguage('en_US');
    }
  });
});

describe('desktop game room /gameRoom', () => {
  const roomMode = () => server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ game_room_mode: true }) })));

  it('the slot list becomes the game room when game-room mode is on, and plays on its stage', async () => {
    roomMode();
    const { router } = renderApp('/slotgame?gt_id=2&gp_id=1&house=1');
    await screen.findByTestId('game-room');
    expect(router.state.location.pathname).toBe('/gameRoom');
    expect(router.state.location.search).toBe('?gt_id=2&gp_id=1&house=1');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_slot_fortune']));
    fireEvent.click(screen.getByTestId('game-play-gh_slot_fortune'));
    const frame = await within(screen.getByTestId('room-stage')).findByTestId('room-frame');
    expect(frame.getAttribute('src')).toBe(`${location.origin}/games/gh_slot_fortune/?session=test-session`);
    expect(screen.getByTestId('game-money-note').textContent).toBe('Demo · play money');
    expect(screen.queryByTestId('game-modal')).toBeNull();
    fireEvent.click(screen.getByTestId('room-close'));
    await waitFor(() => expect(screen.queryByTestId('room-frame')).toBeNull());
  });

  it("a member's game on the stage is marked real money", async () => {
    roomMode();
    login(loginData);
    renderApp('/gameRoom?gt_id=2&gp_id=1&house=1');
    await screen.findByTestId('game-room');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_slot_fortune']));
    fireEvent.click(screen.getByTestId('game-play-gh_slot_fortune'));
    const frame = await within(screen.getByTestId('room-stage')).findByTestId('room-frame');
    expect(frame.getAttribute('src')).toBe(`${location.origin}/games/gh_slot_fortune/?session=real-session`);
    expect(screen.getByTestId('game-money-note').textContent).toBe('Real money');
  });

  it('other types have a desktop room without game-room mode; on mobile it is their hall', async () => {
    server.use(http.post('/api/demo/gt_games', () => ok({ list: [...gameTypes, lottery] })));
    const desk = renderApp('/gameRoom?gt_id=5&gp_id=1&house=1');
    await screen.findByTestId('game-room');
    await waitFor(() => expect(tiles(screen.getByTestId('hall-games'))).toEqual(['gh_keno']));
    desk.unmount();
    const phone = renderApp('/gameRoom?gt_id=5', { width: 390 });
    await screen.findByTestId('game-hall-5');
    expect(phone.router.state.location.pathname).toBe('/gameHall/5');
  });

  it('without game-room mode, or on mobile, the room is the slot list', async () => {
    const desk = renderApp('/gameRoom?gt_id=2');
    await screen.findByTestId('slot-list');
    expect(desk.router.state.location.pathname).toBe('/slotgame');
    desk.unmount();
    roomMode();
    const phone = renderApp('/gameRoom?gt_id=2', { width: 390 });
    await screen.findByTestId('slot-list');
    expect(phone.router.state.location.pathname).toBe('/slotgame');
  });
});

describe('helper pages', () => {
  it('/play shows the game launched in page mode; without one it returns to /', async () => {
    const empty = renderApp('/play');
    await waitFor(() => expect(empty.router.state.location.pathname).toBe('/'));
    empty.unmount();
    launchStore.set({ status: 'playing', mode: 'page', url: '/games/gh_keno/?session=s', target: { game_code: 'gh_keno', gp_id: 1, game_type: 5, house: 1, name: 'Gamehall Keno' } });
    const { router } = renderApp('/play');
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe('/games/gh_keno/?session=s');
    expect(screen.getByTestId('play-page').textContent).toContain('Gamehall Keno');
    fireEvent.click(screen.getByTestId('play-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(launchStore.get().status).toBe('idle');
  });

  it('/close tells the opener the game is over and closes its window', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const postMessage = vi.fn();
    const opener = { closed: false, postMessage };
    Object.defineProperty(window, 'opener', { configurable: true, value: opener });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    try {
      renderApp('/close');
      await screen.findByTestId('close-page');
      // The page tells its opener once it has rendered (an effect).
      await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ msg: 'quickGame' }, window.location.origin));
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(close).toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'opener', { configurable: true, value: null });
      close.mockRestore();
      vi.useRealTimers();
    }
  });
});
