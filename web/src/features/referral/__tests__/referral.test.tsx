// The member centre's recommend pages: the plan with the invite link, its
// code and a QR code; the awards by date, a page at a time; the invited
// members, searchable; and the closed state (is_friend 0, agent check 101
// or 104) that hides the menu group.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import type { Award, Invitee, Project } from '../api/referral';

const project: Project = {
  plan: { id: 1, currency: 'USD', active: true, first_deposit_min: 50, first_deposit_reward: 10, share_percent: 0.5, share_period: 'day', share_cap: 100 },
  recommend_code: 'DEMO2026',
};

const award = (i: number): Award => ({
  id: i, invitee: `friend${i}`, kind: i % 2 ? 'first' : 'share', period: i % 2 ? undefined : '2026-11-23', status: 'paid', amount: 10,
  basis: 50, currency: 'USD', created_at: '2026-11-24T12:00:00Z',
});

let awards: Award[];
let invitees: Invitee[];
let bodies: Record<string, Record<string, unknown>[]>;

beforeEach(() => {
  awards = [];
  invitees = [];
  bodies = { records: [], invitees: [] };
  server.use(
    http.post('/api/arks/web/referral/project', () => ok(project)),
    http.post('/api/arks/web/referral/records', async ({ request }) => {
      const b = (await request.json()) as { page: number; count: number };
      bodies.records.push(b);
      return ok({ list: awards.slice((b.page - 1) * b.count, b.page * b.count), total_count: awards.length, page: b.page, count: b.count });
    }),
    http.post('/api/arks/web/referral/invitees', async ({ request }) => {
      const b = (await request.json()) as { search: string; page: number; count: number };
      bodies.invitees.push(b);
      const list = invitees.filter((m) => m.account.includes(b.search.toLowerCase()));
      return ok({ list: list.slice((b.page - 1) * b.count, b.page * b.count), total_count: list.length, page: b.page, count: b.count });
    }),
  );
  login(loginData);
});

describe('RecommendProject', () => {
  it('tells the plan in words and gives the invite link, the code and a QR code of the link', async () => {
    renderApp('/user/RecommendProject');
    const plan = await screen.findByTestId('ref-plan', {}, { timeout: 8000 });
    expect(within(plan).getByTestId('ref-plan-first').textContent).toBe('When a friend you invited makes a first deposit of at least $50.00, you receive $10.00.');
    expect(within(plan).getByTestId('ref-plan-share').textContent).toBe("You also receive 0.5% of your invited friends' valid bets of each day. At most $100.00 a day.");
    const link = screen.getByTestId<HTMLInputElement>('ref-link').value;
    expect(link).toBe(`${window.location.origin}/?invite=DEMO2026&currency=USD&modal=register`);
    expect(screen.getByTestId<HTMLInputElement>('ref-code').value).toBe('DEMO2026');
    const qr = await screen.findByTestId<HTMLImageElement>('ref-qr');
    expect(qr.alt).toBe('QR code of your invite link');
    expect(qr.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.src)).toContain('<svg');
    expect(screen.getByTestId('uc-menu-RecommendRecord')).toBeTruthy();
  });

  it('copies the link', async () => {
    const user = userEvent.setup();
    renderApp('/user/RecommendProject');
    await user.click(await screen.findByTestId('ref-copy-link', {}, { timeout: 8000 }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?invite=DEMO2026&currency=USD&modal=register`);
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it.each([
    ['is_friend 0', () => server.use(http.post('/api/bonus_setting/check', () => ok({ is_friend: 0 })))],
    ['agent check 101', () => server.use(http.post('/api/member/apply_for_agent/check', () => HttpResponse.json({ code: 101, message: 'agents cannot', data: {} })))],
    ['agent check 104', () => server.use(http.post('/api/member/apply_for_agent/check', () => HttpResponse.json({ code: 104, message: 'excluded', data: {} })))],
  ])('is closed on %s, and the menu group hides', async (_, close) => {
    close();
    for (const page of ['RecommendProject', 'RecommendRecord', 'RecommendMemberSearch']) {
      const { unmount } = renderApp(`/user/${page}`);
      const card = await screen.findByTestId('ref-unavailable', {}, { timeout: 8000 });
      expect(card.textContent).toContain('The referral programme is not available for your account.');
      expect(screen.queryByTestId('uc-menu-RecommendProject')).toBeNull();
      expect(screen.getByTestId('uc-menu-Info')).toBeTruthy();
      unmount();
    }
    expect(bodies.records).toEqual([]);
    expect(bodies.invitees).toEqual([]);
  });
});

describe('RecommendRecord', () => {
  it('lists the awards a page at a time and filters by date', async () => {
    awards = Array.from({ length: 25 }, (_, i) => award(i + 1));
    const user = userEvent.setup();
    renderApp('/user/RecommendRecord');
    await waitFor(() => expect(screen.getAllByTestId('ref-award-row')).toHaveLength(20), { timeout: 8000 });
    const first = screen.getAllByTestId('ref-award-row')[0];
    expect(within(first).getByTestId('ref-award-invitee').textContent).toBe('friend1');
    expect(within(first).getByTestId('ref-award-kind').textContent).toBe('First deposit');
    expect(within(first).getByTestId('ref-award-amount').textContent).toBe('+$10.00');
    expect(within(screen.getAllByTestId('ref-award-row')[1]).getByTestId('ref-award-kind').textContent).toBe('Share of bets · 2026-11-23');
    await user.click(screen.getByTestId('ref-awards-pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('ref-award-row')).toHaveLength(5));
    expect(screen.getByTestId('ref-awards-pager-label').textContent).toBe('Page 2 of 2');
    await user.type(screen.getByTestId('ref-range-from'), '2026-11-01');
    await waitFor(() => expect(bodies.records.at(-1)).toMatchObject({ from: '2026-11-01', page: 1, count: 20 }));
  });

  it('says when there is no award', async () => {
    renderApp('/user/RecommendRecord');
    expect((await screen.findByTestId('ref-awards-empty', {}, { timeout: 8000 })).textContent).toBeTruthy();
  });
});

describe('RecommendMemberSearch', () => {
  it('lists the invited members with their registration and status, and searches them', async () => {
    invitees = [
      { account: 'friend01', status: 'active', registered_at: '2026-11-20T15:30:00Z' },
      { account: 'pal02', status: 'frozen', registered_at: '2026-11-21T15:30:00Z' },
    ];
    const user = userEvent.setup();
    renderApp('/user/RecommendMemberSearch');
    await waitFor(() => expect(screen.getAllByTestId('ref-invitee-row')).toHaveLength(2), { timeout: 8000 });
    expect(screen.getAllByTestId('ref-invitee-status').map((s) => s.textContent)).toEqual(['Active', 'Frozen']);
    await user.type(screen.getByTestId('ref-search'), 'PAL');
    await user.click(screen.getByTestId('ref-search-go'));
    await waitFor(() => expect(screen.getAllByTestId('ref-invitee-row')).toHaveLength(1));
    expect(screen.getByTestId('ref-invitee-account').textContent).toBe('pal02');
    expect(bodies.invitees.at(-1)).toMatchObject({ search: 'PAL', page: 1 });
  });

  it('says when nobody was invited yet', async () => {
    renderApp('/user/RecommendMemberSearch');
    expect((await screen.findByTestId('ref-invitees-none', {}, { timeout: 8000 })).textContent).toBe(
      'You have not invited anyone yet. Share your invite link to start.',
    );
  });
});
