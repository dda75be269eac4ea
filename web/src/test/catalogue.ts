// The catalogue, member game lists and demo play over the seed's games, for
// the default msw handlers (no import of server.ts: handlers.ts imports this).
import { http, HttpResponse } from 'msw';
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
];
