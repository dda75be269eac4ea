import { describe, expect, it } from 'vitest';
import { bannerTarget, gameTypeHref } from './links';
import type { Banner } from './types';

const banner = (over: Partial<Banner>): Banner => ({ id: 1, url: '', link_type: 1, link_method: 0, link_url: '', game_link_parameter: null, sort: 0, ...over });

describe('lobby links', () => {
  it('slot halls use /slotgame, the others /gameHall/{id}', () => {
    expect(gameTypeHref(2)).toBe('/slotgame?gt_id=2');
    expect(gameTypeHref(2, 5)).toBe('/slotgame?gt_id=2&gp_id=5');
    expect(gameTypeHref(3)).toBe('/gameHall/3');
    expect(gameTypeHref(5, 1)).toBe('/gameHall/5?gp_id=1');
    expect(gameTypeHref(2, 1, 1)).toBe('/slotgame?gt_id=2&gp_id=1&house=1');
  });

  it('classifies banner links', () => {
    expect(bannerTarget(banner({ link_type: 0, link_url: 'https://x.example/', link_method: 1 }))).toEqual({ kind: 'external', url: 'https://x.example/', newTab: true });
    expect(bannerTarget(banner({ link_type: 0, link_url: 'javascript:alert(1)' }))).toEqual({ kind: 'none' });
    expect(bannerTarget(banner({ link_type: 1, link_url: 'discount' }))).toEqual({ kind: 'internal', to: '/discount' });
    expect(bannerTarget(banner({ link_type: 2, game_link_parameter: { gt_id: 2, gp_id: 1 } }))).toEqual({ kind: 'internal', to: '/slotgame?gt_id=2&gp_id=1' });
    expect(bannerTarget(banner({ link_type: 2, game_link_parameter: { gt_id: 6, gp_id: 1 } }))).toEqual({ kind: 'internal', to: '/gameHall/6?gp_id=1' });
  });
});
