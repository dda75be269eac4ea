// The catalogue, member game lists and demo play over the seed's games, for
// the default msw handlers (no import of server.ts: handlers.ts imports this).
import { http, HttpResponse } from 'msw';
import { emitRealtimeEvent } from '@/lib/realtime';
import { catalogueGames } from './games-fixtures';

const ok = (data: unknown, code = 100) => HttpResponse.json({ code, message: 'success', data });

type WireGame = (typeof catalogueGames)[number];

/** Favourites per test (the server keeps them per member). */
export const catalogueState = { favorites: new Set<number>(), lastPlayed: [] as number[] };

const withMarks = (list: WireGame[], member: boolean) => list.map((g) => ({ ...g, member_favorite: member && catalogueState.favorites.has(g.game_id) ? 1 : 0 }));

function select(body: { gp_id?: number | string; game_type_id?: number; house?: number }): WireGame[] {
  return catalogueGames.filter(
    (g) =>
      (!body.game_type_id || g.game_type === body.game_type_id) &&
      (body.gp_id === 'Popular' ? g.tags.includes('hot') : !body.gp_id || g.gp_id === body.gp_id) &&
      (!body.house || g.house === 1),
  );
}

/** The catalogue, member game lists and demo play as docs/api.md describes them, over `catalogueGames`. */
export const catalogueHandlers = [
  http.post('/api/v3/game_list', ({ request }) => ok({ list: withMarks(catalogueGames, !!request.headers.get('authorization')) })),
  http.post('/api/demo/gp_games', async ({ request }) => ok({ list: withMarks(select((await request.json()) as never), !!request.headers.get('authorization')) })),
  http.post('/api/v2/game_label', async ({ request }) => {
    const main = select((await request.json()) as never);
    const label = (id: number, tag: string, name: string) => ({ id, tag, name, sort: id, game_list: main.filter((g) => g.tags.includes(tag)) });
    return ok({ list: [label(1, 'hot', 'Hot'), label(2, 'new', 'New')], main });
  }),
  http.post('/api/arks/web/member-games/hot-games', async ({ request }) => {
    const { gt_id } = (await request.json()) as { gt_id: number };
    const hot = catalogueGames.filter((g) => g.tags.includes('hot') && (!gt_id || g.game_type === gt_id));
    return ok({ list: withMarks(hot, !!request.headers.get('authorization')) });
  }),
  http.post('/api/v2/get_tag_game_list', async ({ request }) => {
    const { tag, gt_id } = (await request.json()) as { tag: string; gt_id: number };
    const list = catalogueGames.filter((g) => g.tags.includes(tag) && (!gt_id || g.game_type === gt_id));
    return ok({ tag, list: withMarks(list, !!request.headers.get('authorization')) });
  }),
  http.post('/api/v2/get_template_game_list', ({ request }) => {
    const member = !!request.headers.get('authorization');
    const pick = (...codes: string[]) => withMarks(codes.map((c) => catalogueGames.find((g) => g.game_code === c)!), member);
    return ok({
      list: [
        { id: 2, title: 'Featured', sort: 1, game_list: pick('aur_northern_lights', 'vel_baccarat') },
        { id: 1, title: 'Gamehall Originals', sort: 0, game_list: pick('gh_slot_fortune', 'gh_baccarat', 'gh_keno') },
        { id: 3, title: 'Empty', sort: 2, game_list: [] },
      ],
    });
  }),
  http.post('/api/check_iframe', async ({ request }) => {
    const { url } = (await request.json()) as { url: string };
    return ok({ url, final_url: url, status_code: 200, can_iframe: url.includes('noframe') ? 0 : 1, reason: url.includes('noframe') ? 'x_frame_options' : '' });
  }),
  http.post('/api/arks/web/member-games/last-playing-game', () => ok({ list: catalogueState.lastPlayed })),
  http.post('/api/arks/web/member-games/favorite/store', async ({ request }) => {
    const { data, status } = (await request.json()) as { data: number[]; status: number };
    for (const id of data) {
      if (status) catalogueState.favorites.add(id);
      else catalogueState.favorites.delete(id);
    }
    return ok({});
  }),
  http.post('/api/demo/play', async ({ request }) => {
    const b = (await request.json()) as { game_code: string };
    const g = catalogueGames.find((x) => x.game_code === b.game_code);
    if (!g) return ok({}, 404);
    if (!g.connected) return HttpResponse.json({ code: 204, message: 'this game provider is not connected yet', data: {} });
    return ok({ game_url: `/games/${g.game_code}/?session=test-session` });
  }),
  // Real money: play1 answers, then the address comes as the member's game_url event.
  http.post('/api/member/game/play1', async ({ request }) => {
    const b = (await request.json()) as { game_code: string; gp_id: number };
    const g = catalogueGames.find((x) => x.game_code === b.game_code);
    if (!g) return ok({}, 404);
    if (!g.connected) return HttpResponse.json({ code: 204, message: 'this game provider is not connected yet', data: {} });
    setTimeout(() => emitRealtimeEvent({ event: 'game_url', data: { game_code: g.game_code, gp_id: g.gp_id, game_url: `/games/${g.game_code}/?session=real-session` }, channel: 'member.1' }), 10);
    return ok({ state: 'playing', game_code: g.game_code, gp_id: g.gp_id });
  }),
  http.post('/api/member/game/leave1', () => ok({ left: true })),
];
