// Launch states of spec section 4 beyond a plain start: the quit routine of
// a page that starts with isPlay at 1, the back-forward cache reload, the
// transfer-disabled state (957) and the force-stop warning before a window.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { emitRealtimeEvent } from '@/lib/realtime';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { captureBodies } from '@/test/capture';
import { renderApp } from '@/test/render';
import { ok } from '@/test/handlers';
import { server } from '@/test/server';
import { leave1 } from '../api/launch';
import { launchStore, setLeaveCall } from '../launch/store';
import { playing, starting } from '../launch/machine';

async function lobby(width = 1280) {
  const utils = renderApp('/', { width });
  const popup = await screen.findByTestId('bulletin-popup');
  fireEvent.click(within(popup).getByTestId('bulletin-close'));
  await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
  return utils;
}

const play = (code: string) => fireEvent.click(screen.getAllByTestId(`game-play-${code}`)[0]);
const slot = { game_code: 'gh_slot_fortune', gp_id: 1, game_type: 2, house: 1, name: 'Fortune Reels' };

describe('a page that starts with isPlay at 1', () => {
  it("a member's page leaves the game the earlier page left open (leave1), 300 ms after start", async () => {
    login(loginData);
    localStorage.setItem('isPlay', '1');
    const leave = captureBodies('/member/game/leave1');
    await lobby();
    await waitFor(() => expect(leave).toHaveLength(1));
    expect(localStorage.getItem('isPlay')).toBe('0');
    await waitFor(() => expect(launchStore.get().status).toBe('idle'));
  });

  it("a visitor's demo has nothing to leave: isPlay only goes back to 0", async () => {
    localStorage.setItem('isPlay', '1');
    const leave = captureBodies('/member/game/leave1');
    await lobby();
    await waitFor(() => expect(localStorage.getItem('isPlay')).toBe('0'));
    await new Promise((r) => setTimeout(r, 400));
    expect(leave).toHaveLength(0);
  });

  it('a page restored from the back-forward cache reloads while isPlay is 1, and only then', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    try {
      await lobby();
      await screen.findByTestId('hot-games');
      const show = (persisted: boolean) => act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted })));
      show(true);
      expect(reload).not.toHaveBeenCalled();
      localStorage.setItem('isPlay', '1');
      show(false);
      expect(reload).not.toHaveBeenCalled();
      show(true);
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      reload.mockRestore();
    }
  });
});

describe('transfer-disabled (957)', () => {
  it('play1 answering 957 ends the start in the transfer-disabled state and its notice; dismissing it returns to idle', async () => {
    login(loginData);
    server.use(http.post('/api/member/game/play1', () => HttpResponse.json({ code: 957, message: 'server text', data: {} })));
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    const notice = await screen.findByTestId('transfer-disabled-notice');
    expect(within(notice).getByText('Transfers switched off')).toBeTruthy();
    expect(within(notice).getByTestId('transfer-disabled-game').textContent).toBe('Gamehall Keno');
    expect(within(notice).getByTestId('transfer-disabled-text').textContent).toBe(
      'Transfers to this game are switched off right now. Your balance stays in your wallet.',
    );
    expect(launchStore.get()).toMatchObject({ status: 'transfer_disabled', url: null });
    expect(screen.queryByTestId('game-modal')).toBeNull();
    expect(localStorage.getItem('isPlay')).not.toBe('1');
    fireEvent.click(within(notice).getByTestId('transfer-disabled-ok'));
    await waitFor(() => expect(screen.queryByTestId('transfer-disabled-notice')).toBeNull());
    expect(launchStore.get().status).toBe('idle');
  });
});

describe('transfer-disabled (957) pushed first', () => {
  it('forward_game_status 957 before play1 answers 957: one notice, no unhandled rejection', async () => {
    login(loginData);
    server.use(
      http.post('/api/member/game/play1', async () => {
        emitRealtimeEvent({ event: 'forward_game_status', data: { code: 957, game_code: 'gh_keno' }, channel: 'member.1' });
        await new Promise((r) => setTimeout(r, 50));
        return HttpResponse.json({ code: 957, message: 'server text', data: {} });
      }),
    );
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    expect(await screen.findAllByTestId('transfer-disabled-notice')).toHaveLength(1);
    expect(launchStore.get().status).toBe('transfer_disabled');
  });
});

describe('force-stop warning before a window', () => {
  it('the member centre (a window on a desktop) asks first while a game plays; confirming leaves the game and opens it', async () => {
    login(loginData);
    const leave = captureBodies('/member/game/leave1');
    const open = vi.spyOn(window, 'open').mockReturnValue({ closed: false, close: vi.fn(), focus: vi.fn() } as unknown as Window);
    try {
      await lobby();
      await screen.findByTestId('hot-games');
      // A game in a window of its own (app mode, or a page that refuses frames): the lobby stays usable.
      act(() => {
        launchStore.set(playing(starting(slot, 'window'), '/games/gh_slot_fortune/?session=s'));
        setLeaveCall(leave1);
        localStorage.setItem('isPlay', '1');
      });
      fireEvent.click(screen.getByTestId('open-user'));
      const dialog = await screen.findByTestId('force-stop');
      expect(dialog.textContent).toContain('Opening this page closes it');
      expect(open).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByText('Cancel'));
      await waitFor(() => expect(screen.queryByTestId('force-stop')).toBeNull());
      expect(open).not.toHaveBeenCalled();
      expect(launchStore.get().status).toBe('playing');

      fireEvent.click(screen.getByTestId('open-deposit'));
      fireEvent.click(await screen.findByTestId('force-stop-confirm'));
      // isPlay is 0 before the window opens: the centre's page must not quit anything itself.
      expect(open).toHaveBeenCalledWith('/user/Deposit', 'user', expect.any(String));
      expect(localStorage.getItem('isPlay')).toBe('0');
      await waitFor(() => expect(leave).toHaveLength(1));
      await waitFor(() => expect(launchStore.get().status).toBe('idle'));
      expect(screen.queryByTestId('force-stop')).toBeNull();
    } finally {
      open.mockRestore();
    }
  });

  it('without a game the centre opens at once', async () => {
    login(loginData);
    const open = vi.spyOn(window, 'open').mockReturnValue({ closed: false, close: vi.fn(), focus: vi.fn() } as unknown as Window);
    try {
      await lobby();
      fireEvent.click(await screen.findByTestId('open-user'));
      expect(open).toHaveBeenCalledWith('/user', 'user', expect.any(String));
      expect(screen.queryByTestId('force-stop')).toBeNull();
    } finally {
      open.mockRestore();
    }
  });
});

describe('a start the player gives up', () => {
  it('closing the loading window while play1 runs leaves the game the server then opens, quitting until it answers', async () => {
    login(loginData);
    let release!: () => void;
    server.use(
      http.post('/api/member/game/play1', async () => {
        await new Promise<void>((r) => (release = r));
        setTimeout(() => emitRealtimeEvent({ event: 'game_url', data: { game_code: 'gh_keno', gp_id: 1, game_url: '/games/gh_keno/?session=s' }, channel: 'member.1' }), 10);
        return ok({ state: 'playing', game_code: 'gh_keno', gp_id: 1 });
      }),
    );
    let releaseLeave!: () => void;
    const leaving = new Promise<void>((r) => (releaseLeave = r));
    server.use(
      http.post('/api/member/game/leave1', async () => {
        await leaving;
        return ok({ left: true });
      }),
    );
    const leave = captureBodies('/member/game/leave1');
    const win = { closed: false, close: vi.fn(), location: { replace: vi.fn(), href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    try {
      await lobby(390);
      await screen.findByTestId('hot-games');
      play('gh_keno');
      expect(open).toHaveBeenCalledWith('/loading', 'redirect');
      await waitFor(() => expect(launchStore.get().status).toBe('starting'));
      win.closed = true;
      // The window is watched every 500 ms.
      await waitFor(() => expect(launchStore.get().status).toBe('idle'), { timeout: 2000 });
      expect(leave).toHaveLength(0);
      release();
      await waitFor(() => expect(leave).toHaveLength(1));
      expect(win.location.replace).not.toHaveBeenCalled();
      expect(localStorage.getItem('isPlay')).not.toBe('1');
      // Until the server's answer the page is quitting: the money may be back, the game's slot not yet.
      expect(launchStore.get().status).toBe('quitting');
      play('gh_keno');
      expect(await screen.findByText('The game is closing. Please wait.')).toBeTruthy();
      expect(open).toHaveBeenCalledTimes(1);
      releaseLeave();
      await waitFor(() => expect(launchStore.get().status).toBe('idle'));
    } finally {
      open.mockRestore();
    }
  });

  it('declining the window of a game whose page refuses frames leaves the game', async () => {
    login(loginData);
    const leave = captureBodies('/member/game/leave1');
    server.use(
      http.post('/api/member/game/play1', () => {
        setTimeout(
          () => emitRealtimeEvent({ event: 'game_url', data: { game_code: 'gh_keno', gp_id: 1, game_url: 'https://games.example.com/keno' }, channel: 'member.1' }),
          10,
        );
        return ok({ state: 'playing', game_code: 'gh_keno', gp_id: 1 });
      }),
      http.post('/api/check_iframe', () => ok({ can_iframe: 0 })),
    );
    await lobby();
    await screen.findByTestId('hot-games');
    play('gh_keno');
    const dialog = await screen.findByTestId('open-window-dialog');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(leave).toHaveLength(1));
    expect(launchStore.get().status).toBe('idle');
  });
});
