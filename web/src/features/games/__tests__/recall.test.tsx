// Balance recall (spec sections 4 and 8): one-key and per provider, codes
// 101-105 with their own messages, the 10 s cool-down ticking each second,
// and no launch while a recall runs.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { captureBodies } from '@/test/capture';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { RecallButton } from '../components/RecallButton';
import { launchGame } from '../launch/launcher';
import { recallStore } from '../recall/store';

const ALL = '/api/member/profile/balance/all/back';

describe('balance recall', () => {
  it('recalls every wallet, says so, and cools down for 10 s, ticking each second', async () => {
    login(loginData);
    server.use(http.post(ALL, () => ok({ providers: ['GP001'] })));
    const bodies = captureBodies('/member/profile/balance/all/back');
    renderUi(<RecallButton />);
    fireEvent.click(screen.getByTestId('recall-all'));
    expect(await screen.findByText('Your balance is back in your main wallet.')).toBeTruthy();
    expect(bodies).toEqual([{}]);
    const button = screen.getByTestId('recall-all') as HTMLButtonElement;
    expect(button.textContent).toBe('Wait 10 s');
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(button.textContent).toBe('Wait 9 s'), { timeout: 2500 });
    // A click in the cool-down sends nothing.
    fireEvent.click(button);
    expect(bodies).toHaveLength(1);
  });

  it('one provider sends its gp_id', async () => {
    login(loginData);
    server.use(http.post('/api/member/profile/balance_get_back', () => ok({ providers: ['GP002'] })));
    const bodies = captureBodies('/member/profile/balance_get_back');
    renderUi(<RecallButton gpId={2} />);
    fireEvent.click(screen.getByTestId('recall-2'));
    await screen.findByText('Your balance is back in your main wallet.');
    expect(bodies).toEqual([{ gp_id: 2 }]);
  });

  it.each([
    [101, 'A balance recall is already running.'],
    [102, 'Please wait a few seconds before recalling again.'],
    [103, 'Close the game before recalling its balance.'],
    [104, 'A game platform did not answer. Its balance stays there safely; try again later.'],
    [105, 'There is nothing to recall.'],
  ])('code %i shows its own message', async (code, text) => {
    login(loginData);
    server.use(http.post(ALL, () => HttpResponse.json({ code, message: 'server words', data: {} })));
    renderUi(<RecallButton />);
    fireEvent.click(screen.getByTestId('recall-all'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('another code shows the server message', async () => {
    login(loginData);
    server.use(http.post(ALL, () => HttpResponse.json({ code: 500, message: 'The wallet is resting', data: {} })));
    renderUi(<RecallButton />);
    fireEvent.click(screen.getByTestId('recall-all'));
    expect(await screen.findByText('The wallet is resting')).toBeTruthy();
    expect((screen.getByTestId('recall-all') as HTMLButtonElement).disabled).toBe(false);
  });

  it('no launch while a recall runs', async () => {
    login(loginData);
    const play1 = captureBodies('/member/game/play1');
    renderUi(<div />);
    recallStore.set({ running: true, cooldown: 0 });
    const result = await launchGame(
      { game_code: 'gh_keno', gp_id: 1, game_type: 5, house: 1, name: 'Keno' },
      { device: 'desktop', currency: 'USD', demoMode: false, loggedIn: true },
    );
    expect(result).toBe('rejected');
    expect(await screen.findByText('Please wait until the balance recall has finished.')).toBeTruthy();
    expect(play1).toHaveLength(0);
  });
});
