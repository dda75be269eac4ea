// Member bulletins: the pop-up after login asks for display_location 2;
// with display_frequency 0 closing it is kept on the server (hide); the
// member centre's Announcement page lists location 3 and the after-login
// announcements.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { refetchAudience } from '@/lib/query-client';
import { login, logout } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { AnnouncementPage } from '../components/AnnouncementPage';
import { BulletinPopup } from '../components/BulletinPopup';

const bulletin = (id: number, title: string) => ({
  id,
  title,
  display_device: 0,
  display_content: `<p>${title} inside</p>`,
  content: `<p>${title} in full</p>`,
  sort: 0,
  updated_at: '2026-11-24T10:00:00Z',
});

let bodies: Record<string, unknown>[] = [];
let hides: Record<string, unknown>[] = [];
function serve(frequency: number) {
  bodies = [];
  hides = [];
  server.use(
    http.post('/api/arks/web/bulletin/member', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const list = body.display_location === 2 ? [bulletin(1, 'Red envelope rain')] : [bulletin(2, 'Sign in every day')];
      return ok({ list, setting: { display_frequency: frequency } });
    }),
    http.post('/api/arks/web/bulletin/member/hide', async ({ request }) => {
      hides.push((await request.json()) as Record<string, unknown>);
      return ok({ hidden: 1 });
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  login(loginData);
});

describe('member bulletins', () => {
  it('the pop-up after login is the member list (display_location 2); frequency 0 hides it on the server', async () => {
    serve(0);
    const user = userEvent.setup();
    renderUi(<BulletinPopup />);
    expect(await screen.findByText('Red envelope rain inside')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ display_location: 2, display_device: 1 });
    await user.click(screen.getByTestId('bulletin-close'));
    await waitFor(() => expect(hides).toHaveLength(1));
    expect(hides[0]).toMatchObject({ display_location: 2, display_device: 1 });
  });

  it('a visitor who closed the pop-up sees the member pop-up after login, and not the visitor one again after logout', async () => {
    serve(1);
    server.use(http.post('/api/arks/web/bulletin', () => ok({ list: [bulletin(3, 'Welcome bonus')], setting: { display_frequency: 1 } })));
    logout();
    const user = userEvent.setup();
    const { client } = renderUi(<BulletinPopup />);
    expect(await screen.findByText('Welcome bonus inside')).toBeTruthy();
    await user.click(screen.getByTestId('bulletin-close'));
    await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
    login(loginData);
    await refetchAudience(client);
    expect(await screen.findByText('Red envelope rain inside')).toBeTruthy();
    await user.click(screen.getByTestId('bulletin-close'));
    // Logged out again, the visitor list closed before stays closed.
    logout();
    await refetchAudience(client);
    await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
    expect(screen.queryByText('Welcome bonus inside')).toBeNull();
  });

  it('with another frequency the close stays in the browser', async () => {
    serve(1);
    const user = userEvent.setup();
    renderUi(<BulletinPopup />);
    await user.click(await screen.findByTestId('bulletin-close'));
    await waitFor(() => expect(screen.queryByTestId('bulletin-popup')).toBeNull());
    expect(hides).toHaveLength(0);
  });

  it('the Announcement page lists the member centre bulletins and the after-login announcements', async () => {
    serve(1);
    renderUi(<AnnouncementPage />, { path: '/user/Announcement' });
    expect(await screen.findByText('Sign in every day in full')).toBeTruthy();
    expect(bodies.some((b) => b.display_location === 3)).toBe(true);
    expect((await screen.findAllByTestId(/^announcement-\d/)).length).toBeGreaterThan(0);
  });
});
