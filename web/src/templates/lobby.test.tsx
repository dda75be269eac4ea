import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import vi_VN from '@/locales/vi_VN.json';
import { bulletins, envConfig, gameTypes } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { captureBodies } from '@/test/capture';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const closePopup = async () => {
  await screen.findByTestId('bulletin-popup');
  fireEvent.click(screen.getByTestId('bulletin-close'));
  await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
};

describe('lobby, desktop', () => {
  it('shows banners, marquee, jackpot, game types, footer and SEO block', async () => {
    const carousel = captureBodies('/arks/web/carousel_picture');
    const popup = captureBodies('/arks/web/bulletin');
    renderApp('/');
    expect(await screen.findByTestId('layout-desktop')).toBeTruthy();
    const slides = await screen.findAllByTestId('carousel-slide');
    expect(slides).toHaveLength(3);
    expect(slides[0].querySelector('img')?.getAttribute('src')).toBe('/media/banner/desktop-1.svg');
    expect(carousel[0]).toMatchObject({ site_id: 1, use_type: 0 });
    expect(popup[0]).toMatchObject({ site_id: 1, display_device: 1 });
    await within(screen.getByTestId('marquee')).findAllByText(/Welcome to Gamehall!/);
    await within(screen.getByTestId('jackpot')).findByText('0001234567.89');
    expect(screen.getByTestId('jackpot').textContent).toContain('$');
    const tabs = screen.getByTestId('game-type-tabs');
    expect(within(tabs).getByTestId('lobby-tab-all_game').getAttribute('aria-selected')).toBe('true');
    await within(tabs).findByTestId('game-type-tab-2');
    expect(screen.getByTestId('game-type-card-2').getAttribute('href')).toBe('/slotgame?gt_id=2');
    expect(screen.getByTestId('game-type-card-3').getAttribute('href')).toBe('/gameHall/3');
    expect((await screen.findByTestId('seo-content')).innerHTML).toBe('<p>Gamehall demo site</p>');
    await waitFor(() => expect(document.title).toBe('Gamehall online casino'));
  });

  it('classes footer links: outer in a new tab, main/{id} and faq/{id} inside', async () => {
    renderApp('/');
    const footer = await screen.findByTestId('desktop-footer');
    const outer = await within(footer).findByText('Partner');
    expect(outer.getAttribute('target')).toBe('_blank');
    expect(outer.getAttribute('rel')).toContain('noopener');
    expect(within(footer).getByText('About us').getAttribute('href')).toBe('/main/1');
    expect(within(footer).getByText('FAQ').getAttribute('href')).toBe('/faq/2');
  });

  it('the pop-up bulletin shows on load, with tabs, and stays closed on reload in the session', async () => {
    const first = renderApp('/');
    const popup = await screen.findByTestId('bulletin-popup');
    expect(popup.textContent).toContain('Deposit on Saturday');
    fireEvent.click(within(popup).getByTestId('bulletin-tab-2'));
    expect(popup.textContent).toContain('Pick up to 10 numbers');
    await closePopup();
    expect(sessionStorage.getItem('bulletin_closed')).not.toBeNull();
    first.unmount();

    renderApp('/');
    await within(await screen.findByTestId('jackpot')).findByText('0001234567.89');
    await screen.findAllByTestId('carousel-slide');
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it('display_frequency 2 shows the pop-up on every load', async () => {
    server.use(http.post('/api/arks/web/bulletin', () => ok({ list: bulletins, setting: { display_frequency: 2 } })));
    const first = renderApp('/');
    await closePopup();
    first.unmount();
    renderApp('/');
    await screen.findByTestId('bulletin-popup');
  });

  it('opens the promotion history', async () => {
    renderApp('/');
    await closePopup();
    fireEvent.click(screen.getByTestId('bulletin-history-open'));
    const history = await screen.findByTestId('bulletin-history');
    await within(history).findByText('Weekend reload 50%');
    expect(history.textContent).toContain('Deposit at the weekend and get 50% extra.');
  });

  it('the marquee opens the news modal with every announcement', async () => {
    renderApp('/');
    await closePopup();
    const marquee = screen.getByTestId('marquee');
    await within(marquee).findAllByText(/Welcome to Gamehall!/);
    fireEvent.click(within(marquee).getByRole('button'));
    const news = await screen.findByTestId('news-modal');
    await within(news).findByText('Welcome');
    expect(within(news).getByText('Gamehall Keno is live.')).toBeTruthy();
  });

  it('an internal banner navigates in the app', async () => {
    const { router } = renderApp('/');
    await closePopup();
    const [first] = await screen.findAllByTestId('carousel-slide');
    fireEvent.click(first);
    await waitFor(() => expect(router.state.location.pathname).toBe('/discount'));
  });

  it('a game banner opens its hall; an external one a new tab', async () => {
    renderApp('/');
    await closePopup();
    const slides = await screen.findAllByTestId('carousel-slide');
    expect(slides[1].getAttribute('href')).toBe('/slotgame?gt_id=2&gp_id=1');
    expect(slides[2].getAttribute('href')).toBe('https://example.com/promo');
    expect(slides[2].getAttribute('target')).toBe('_blank');
  });

  it('favourites and recently played ask visitors to log in', async () => {
    renderApp('/');
    await closePopup();
    fireEvent.click(await screen.findByTestId('lobby-tab-my_favorite'));
    expect((await screen.findByTestId('login-needed')).textContent).toContain('Log in to see');
    fireEvent.click(screen.getByTestId('lobby-tab-last_play'));
    expect(screen.getByTestId('login-needed')).toBeTruthy();
  });

  it('header buttons open the login and register modal', async () => {
    renderApp('/');
    await closePopup();
    fireEvent.click(screen.getByTestId('open-register'));
    await screen.findByTestId('register-modal');
    fireEvent.click(screen.getByTestId('auth-tab-login'));
    await screen.findByTestId('login-modal');
  });

  it('demo mode disables banner actions, login and register', async () => {
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ demo_mode: true }) })));
    const { router } = renderApp('/');
    await closePopup();
    const slides = await screen.findAllByTestId('carousel-slide');
    expect(slides[0].getAttribute('aria-disabled')).toBe('true');
    expect(slides[0].getAttribute('href')).toBeNull();
    fireEvent.click(slides[0]);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo mode');
    expect((screen.getByTestId('open-login') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('open-register') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('demo-auth-note').textContent).toContain('Demo mode');
  });

  it('a failed list shows the server message as an error toast, closed by Esc', async () => {
    server.use(http.post('/api/arks/web/footer', () => HttpResponse.json({ code: 500, message: 'Footer unavailable', data: null })));
    renderApp('/');
    await closePopup();
    expect(await screen.findByText('Footer unavailable')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Footer unavailable')).toBeNull());
  });

  it('never lists game type 1', async () => {
    server.use(http.post('/api/demo/gt_games', () => ok({ list: [{ ...gameTypes[0], gt_id: 1, gt_key: 'one' }, ...gameTypes] })));
    renderApp('/');
    await screen.findByTestId('game-type-tab-2');
    expect(screen.queryByTestId('game-type-tab-1')).toBeNull();
    expect(screen.queryByTestId('game-type-card-1')).toBeNull();
  });
});

describe('lobby, mobile', () => {
  it('uses the mobile template, use_type 2 and display_device 2', async () => {
    const carousel = captureBodies('/arks/web/carousel_picture');
    const popup = captureBodies('/arks/web/bulletin');
    const types = captureBodies('/demo/gt_games');
    renderApp('/', { width: 390 });
    expect(await screen.findByTestId('layout-mobile')).toBeTruthy();
    await screen.findAllByTestId('carousel-slide');
    await within(await screen.findByTestId('jackpot')).findByText('0001234567.89');
    expect(carousel[0]).toMatchObject({ use_type: 2 });
    expect(popup[0]).toMatchObject({ display_device: 2 });
    expect(types[0]).toMatchObject({ support_device: 2, currency: 'USD', template: 'H5_1' });
    // Several bulletins page through on mobile.
    expect(await screen.findByTestId('bulletin-pager')).toBeTruthy();
  });

  it('the footer bar asks guests to log in before a deposit', async () => {
    renderApp('/', { width: 390 });
    await closePopup();
    fireEvent.click(await screen.findByTestId('mobile-footer-deposit'));
    await screen.findByTestId('login-modal');
    expect(await screen.findByText('Please log in first.')).toBeTruthy();
  });

  it('header=false and footer=false hide the mobile header and footer', async () => {
    renderApp('/?header=false&footer=false', { width: 390 });
    await screen.findByTestId('jackpot');
    await screen.findAllByTestId('carousel-slide');
    expect(screen.queryByTestId('site-header')).toBeNull();
    expect(screen.queryByTestId('mobile-footer')).toBeNull();
  });

  it('appPage=footer renders only the footer', async () => {
    renderApp('/?appPage=footer', { width: 390 });
    await screen.findByTestId('mobile-footer');
    expect(screen.queryByTestId('site-header')).toBeNull();
    expect(screen.queryByTestId('jackpot')).toBeNull();
  });
});

describe('language selector', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en_US');
  });

  it('stores the choice in cookies and local storage, then reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderApp('/');
    await closePopup();
    fireEvent.click(screen.getByTestId('language-selector'));
    fireEvent.click(await screen.findByTestId('lang-option-vi_VN'));
    expect(getCookie('lang')).toBe('vi_VN');
    expect(getCookie('i18n_redirected')).toBe('vi_VN');
    expect(localStorage.getItem('lang')).toBe('vi_VN');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('is refused while a game is open', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderApp('/');
    await closePopup();
    // A game opened from this page (one left by an earlier page is quit 300 ms after start).
    localStorage.setItem('isPlay', '1');
    fireEvent.click(screen.getByTestId('language-selector'));
    fireEvent.click(await screen.findByTestId('lang-option-vi_VN'));
    expect(await screen.findByText(/A game is in progress/)).toBeTruthy();
    expect(getCookie('lang')).toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
  });

  it('vi_VN sets the fixed Vietnamese description, keywords and og:description', async () => {
    i18next.addResourceBundle('vi_VN', 'translation', vi_VN);
    await act(() => i18next.changeLanguage('vi_VN'));
    renderApp('/');
    await waitFor(() => expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(vi_VN.seo_vi_description));
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe(vi_VN.seo_vi_keywords);
    expect(document.head.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(vi_VN.seo_vi_description);
  });

  it('zh_CN uses the zh_CN title', async () => {
    i18next.addResourceBundle('zh_CN', 'translation', {});
    await act(() => i18next.changeLanguage('zh_CN'));
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Gamehall 游戏大厅'));
  });
});

describe('stacked dialogs', () => {
  it('a requested modal comes before the pop-up bulletin, which shows once it closes', async () => {
    renderApp('/?modal=register');
    await screen.findByTestId('register-modal');
    await screen.findAllByTestId('carousel-slide');
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    await screen.findByTestId('bulletin-popup');
    expect(screen.queryByTestId('auth-modal')).toBeNull();
  });
});

describe('lobby, when the server fails', () => {
  const down = (path: string) => http.post(`/api${path}`, () => HttpResponse.json({ code: 500, message: 'Lobby unavailable', data: { request_id: 'r1' } }, { status: 500 }));
  const LISTS = ['/arks/web/carousel_picture', '/arks/web/announcement/marquee', '/v2/get_jackpot', '/demo/gt_games', '/arks/web/bulletin', '/v3/game_list', '/arks/web/member-games/hot-games', '/v2/get_template_game_list'];

  it("shows the server's message as an error toast, no half jackpot, one 'no announcements' and the categories in the nav", async () => {
    server.use(...LISTS.map(down));
    renderApp('/');
    expect(await screen.findByText('Lobby unavailable')).toBeTruthy();
    const jackpot = await screen.findByTestId('jackpot');
    await waitFor(() => expect(within(jackpot).getByTestId('jackpot-unavailable')).toBeTruthy());
    expect(jackpot.textContent).not.toContain('$');
    expect(jackpot.textContent).not.toContain('USD');
    await waitFor(() => expect(screen.getAllByText('No announcements at the moment.')).toHaveLength(1));
    const nav = screen.getByTestId('game-type-nav');
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', '/slotgame?gt_id=2', '/gameHall/3', '/gameHall/4', '/gameHall/5', '/gameHall/6', '/gameHall/7', '/gameHall/8', '/gameHall/9']);
    expect(within(nav).getByText('Esports')).toBeTruthy();
  });

  it('a settings failure shows its message for 5 s', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(http.post('/api/arks/web/site/detail', () => HttpResponse.json({ code: 500, message: 'Settings unavailable', data: null }, { status: 500 })));
    renderApp('/');
    expect(await screen.findByText('Settings unavailable')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Settings unavailable', expect.objectContaining({ duration: 5000 }));
    // The shell still renders from the static fallback.
    await screen.findByTestId('jackpot');
  });
});

describe('lobby, while it loads', () => {
  it('skeletons stand in for the lists: no "no announcements", no symbol without a figure', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = (path: string) => http.post(`/api${path}`, async () => (await held, undefined));
    server.use(slow('/arks/web/announcement/marquee'), slow('/v2/get_jackpot'), slow('/demo/gt_games'), slow('/arks/web/carousel_picture'));
    const { container } = renderApp('/');
    await screen.findByTestId('jackpot');
    expect(screen.queryByText('No announcements at the moment.')).toBeNull();
    expect(screen.getByTestId('jackpot').textContent).not.toContain('$');
    expect(container.ownerDocument.querySelectorAll('.skeleton').length).toBeGreaterThanOrEqual(4);
    release();
    await within(screen.getByTestId('jackpot')).findByText('0001234567.89');
    await within(await screen.findByTestId('marquee')).findAllByText(/Welcome to Gamehall!/);
  });
});
