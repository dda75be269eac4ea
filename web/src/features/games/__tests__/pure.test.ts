// The games feature's pure rules: the platform description (spec section 9),
// name search, and the launch rules of spec section 4.
import { describe, expect, it } from 'vitest';
import { catalogueGames } from '@/test/games-fixtures';
import { IDLE, isInAppBrowser, playing, quitting, rejectLaunch, resolveOpenMode, starting, type LaunchTarget } from '../launch/machine';
import { parseProvider } from '../hooks/useSlotList';
import { PLATFORM_DESCRIPTION_MAX, platformDescription } from '../platform';
import { fold, gameName, searchGames } from '../search';
import type { Game } from '@/api';

const games = catalogueGames as Game[];

describe('platform description', () => {
  const names = Array.from({ length: 20 }, (_, i) => `P${i + 1}`);

  it('joins at most 15 names with a comma', () => {
    const text = platformDescription(names, 'en_US');
    expect(text.split(', ')).toHaveLength(PLATFORM_DESCRIPTION_MAX);
    expect(text.startsWith('P1, P2, ')).toBe(true);
    expect(text.endsWith('P15')).toBe(true);
  });

  it('uses the Chinese list comma in Chinese', () => {
    expect(platformDescription(['甲', '乙', '丙'], 'zh_CN')).toBe('甲、乙、丙');
    expect(platformDescription(['甲', '乙'], 'zh_TW')).toBe('甲、乙');
    expect(platformDescription(['A', 'B'], 'vi_VN')).toBe('A, B');
  });

  it('skips blanks and repeats before counting', () => {
    const text = platformDescription(['A', ' ', 'A', ...names], 'en_US');
    expect(text.split(', ')).toHaveLength(15);
    expect(text.startsWith('A, P1')).toBe(true);
  });
});

describe('game search', () => {
  it('finds by name in the language, case and accents folded', () => {
    const found = searchGames(games, 'BACC', 'en_US').map((g) => g.game_code);
    expect(found).toEqual(['vel_baccarat', 'jad_speed_baccarat', 'gh_baccarat']);
    expect(searchGames(games, 'vong quay', 'vi_VN').map((g) => g.game_code)).toEqual(['gh_slot_fortune']);
    expect(fold('ĐẠI Lộc')).toBe('dai loc');
  });

  it('ranks a word that starts with the query before a name that merely contains it', () => {
    const g = (code: string, en: string) => ({ ...games[0], game_code: code, game_name: { en_US: en } });
    const list = [g('a', 'Mega Fortune'), g('b', 'Unfortunate'), g('c', 'Fortune Reels')];
    expect(searchGames(list, 'fortun', 'en_US').map((x) => x.game_code)).toEqual(['a', 'c', 'b']);
  });

  it('finds a name given in another language', () => {
    expect(searchGames(games, '财富', 'en_US').map((g) => g.game_code)).toEqual(['gh_slot_fortune']);
  });

  it('finds nothing for a blank query or an unknown name', () => {
    expect(searchGames(games, '   ', 'en_US')).toEqual([]);
    expect(searchGames(games, 'zzz-no-such-game', 'en_US')).toEqual([]);
  });

  it('names fall back to en_US, then the code', () => {
    const g = games[0];
    expect(gameName(g, 'ko_KR')).toBe('Fortune Reels');
    expect(gameName({ game_code: 'x_code', game_name: {} }, 'en_US')).toBe('x_code');
  });
});

describe('slot list provider parameter', () => {
  it('is a provider id or Popular (the default)', () => {
    expect(parseProvider('3')).toBe(3);
    expect(parseProvider('Popular')).toBe('Popular');
    expect(parseProvider(null)).toBe('Popular');
    expect(parseProvider('-1')).toBe('Popular');
    expect(parseProvider('abc')).toBe('Popular');
  });
});

describe('launch rules (spec section 4)', () => {
  const slot: LaunchTarget = { game_code: 'gh_slot_fortune', gp_id: 1, game_type: 2, house: 1, name: 'Fortune Reels' };
  const keno: LaunchTarget = { game_code: 'gh_keno', gp_id: 1, game_type: 5, house: 1, name: 'Keno' };
  const desktop = { device: 'desktop' as const };
  const mobile = { device: 'mobile' as const };

  it('refuses while starting or quitting, during a recall, the same game, another game off the desktop', () => {
    expect(rejectLaunch(IDLE, slot, desktop)).toBeNull();
    expect(rejectLaunch(starting(slot, 'modal'), keno, desktop)).toBe('game_starting');
    const on = playing(starting(slot, 'modal'), '/games/gh_slot_fortune/');
    expect(rejectLaunch(quitting(on), keno, desktop)).toBe('game_quitting');
    expect(rejectLaunch(IDLE, slot, { device: 'desktop', recalling: true })).toBe('game_waiting_recall');
    expect(rejectLaunch(on, slot, desktop)).toBe('game_duplicate');
    expect(rejectLaunch(on, keno, mobile)).toBe('game_already_playing');
    // A desktop replaces the game it shows.
    expect(rejectLaunch(on, keno, desktop)).toBeNull();
  });

  it('opens a window on mobile, a redirect in in-app browsers, a window in app mode, else the modal', () => {
    const fb = 'Mozilla/5.0 (iPhone) AppleWebKit Mobile [FBAN/FBIOS;FBAV/400.0]';
    expect(isInAppBrowser(fb)).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile Safari/537.36')).toBe(false);
    expect(resolveOpenMode({ device: 'mobile' })).toBe('window');
    expect(resolveOpenMode({ device: 'mobile', userAgent: fb })).toBe('redirect');
    expect(resolveOpenMode({ device: 'mobile', preferred: 'modal' })).toBe('window');
    expect(resolveOpenMode({ device: 'desktop', appMode: true })).toBe('window');
    // The native wrappers' web view reads like an in-app browser; app mode still opens a window.
    const wrapper = 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
    expect(resolveOpenMode({ device: 'mobile', userAgent: wrapper })).toBe('redirect');
    expect(resolveOpenMode({ device: 'mobile', userAgent: wrapper, appMode: true })).toBe('window');
    expect(resolveOpenMode({ device: 'desktop' })).toBe('modal');
    expect(resolveOpenMode({ device: 'desktop', preferred: 'page' })).toBe('page');
  });
});
