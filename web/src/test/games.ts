// msw handlers for the in-house play API, recording what the page sends.
import { http, HttpResponse } from 'msw';
import { server } from './server';

const ok = (data: unknown, code = 100) => HttpResponse.json({ code, message: 'success', data });

export interface PlayApiMock {
  plays: { session: string; request_id: string; choices: unknown }[];
  historyCalls: number;
  clientSeeds: string[];
  rotations: number;
}

/** The seeds the mock starts with (commitment of an arbitrary seed). */
export const FAIR_STATE = { commitment: 'c0'.repeat(32), client_seed: 'abc123', next_nonce: 0 };

/** Serves `session`, answers each play with the next of `rounds`, and keeps the history. */
export function mockPlayApi(session: unknown, rounds: unknown[]): PlayApiMock {
  const mock: PlayApiMock = { plays: [], historyCalls: 0, clientSeeds: [], rotations: 0 };
  let fair = { ...FAIR_STATE };
  const played: unknown[] = [];
  server.use(
    http.post('/games/api/session', () => ok(session)),
    http.post('/games/api/history', () => {
      mock.historyCalls++;
      return ok({ list: [...played].reverse() });
    }),
    http.post('/games/api/fair', () => ok(fair)),
    http.post('/games/api/fair/client-seed', async ({ request }) => {
      const { client_seed } = (await request.json()) as { client_seed: string };
      mock.clientSeeds.push(client_seed);
      fair = { ...fair, client_seed };
      return ok(fair);
    }),
    http.post('/games/api/fair/rotate', () => {
      mock.rotations++;
      fair = { ...fair, commitment: 'd1'.repeat(32), next_nonce: 0 };
      return ok({ revealed: null, current: fair });
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
