import { http } from 'msw';
import { server } from './server';

/** Records the JSON bodies the app posts to /api{path}, leaving the answer to the other handlers. */
export function captureBodies(path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
      return undefined;
    }),
  );
  return bodies;
}
