// msw handlers for the in-house play API, recording what the page sends.
import { http, HttpResponse } from 'msw';
import { server } from './server';

const ok = (data: unknown, code = 100) => HttpResponse.json({ code, message: 'success', data });

export interface PlayApiMock {
  plays: { session: string; request_id: string; choices: unknown }[];
  historyCalls: number;
}

/** Serves `session`, answers each play with the next of `rounds`, and keeps the history. */
export function mockPlayApi(session: unknown, rounds: unknown[]): PlayApiMock {
  const mock: PlayApiMock = { plays: [], historyCalls: 0 };
  const played: unknown[] = [];
  server.use(
    http.post('/games/api/session', () => ok(session)),
    http.post('/games/api/history', () => {
      mock.historyCalls++;
      return ok({ list: [...played].reverse() });
    }),
    http.post('/games/api/play', async ({ request }) => {
      mock.plays.push((await request.json()) as PlayApiMock['plays'][number]);
      const round = rounds[Math.min(played.length, rounds.length - 1)];
      played.push(round);
      return ok(round);
    }),
  );
  return mock;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
