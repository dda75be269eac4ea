// The member-centre pages' server: register settings, a profile that
// /member/profile/update changes, and the profile SMS call, recorded.
import { http, HttpResponse } from 'msw';
import { memberProfile } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { server } from '@/test/server';

type Flags = Partial<Record<'is_display' | 'is_required' | 'is_member_center' | 'is_member_center_verification', number>>;

/** One register setting of USD: shown, nothing else, unless o says so. */
export const setting = (name: string, o: Flags = {}) => ({
  name,
  currency: 'USD',
  is_display: 1,
  is_required: 0,
  is_unique: 0,
  is_member_center: 0,
  is_verification: 0,
  is_member_center_verification: 0,
  ...o,
});

export function useSettings(list: ReturnType<typeof setting>[]) {
  server.use(http.post('/api/arks/web/register-settings', () => ok({ list })));
}

/** The member's profile as the server holds it; /member/profile answers it. */
export const profileStore = { profile: { ...memberProfile } as Record<string, unknown> };

export function serveProfile(start: Record<string, unknown> = {}) {
  profileStore.profile = { ...memberProfile, ...start };
  server.use(http.post('/api/member/profile', () => ok({ member_profile: profileStore.profile })));
}

/** /member/profile/update: a failure answers { code, message }; success stores the fields in the profile. */
export function update(failure?: { code: number; message?: string }) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/member/profile/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      if (failure) return HttpResponse.json({ code: failure.code, message: failure.message ?? 'server says no', data: null });
      const { phone_verify: _code, ...fields } = body;
      profileStore.profile = { ...profileStore.profile, ...fields };
      return ok({});
    }),
  );
  return bodies;
}

/** Records /member/profile/sms bodies; answer gives the reply (success by default). */
export function smsCalls(answer: () => Response = () => ok({})) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/member/profile/sms', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}
