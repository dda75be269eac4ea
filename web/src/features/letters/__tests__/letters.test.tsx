// The Letter page of the member centre and the unread badge: one row open
// at a time, an unread letter read when opened, delete, and a `letter`
// event refreshing the list and the badge without a reload.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { badgeText } from '@/components/ui/Badge';
import { login } from '@/lib/session';
import { emitRealtimeEvent } from '@/lib/realtime';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { LetterBell } from '../components/LetterBell';
import { LetterPage } from '../components/LetterPage';
import { LetterSession } from '../components/LetterSession';

interface Row {
  id: number;
  title: string;
  content: string;
  is_read: number;
  created_at: string;
}

let letters: Row[] = [];
const calls: { path: string; body: Record<string, unknown> }[] = [];

function serveLetters(rows: Row[]) {
  letters = rows;
  calls.length = 0;
  const record = async (path: string, request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ path, body });
    return body;
  };
  server.use(
    http.post('/api/arks/web/member/letter', async ({ request }) => {
      await record('list', request);
      return ok({ list: letters, total_count: letters.length, unread_count: letters.filter((l) => !l.is_read).length });
    }),
    http.post('/api/arks/web/member/letter/read', async ({ request }) => {
      const body = await record('read', request);
      letters = letters.map((l) => (l.id === body.id ? { ...l, is_read: 1 } : l));
      return ok({ id: body.id, changed: 1, unread_count: letters.filter((l) => !l.is_read).length });
    }),
    http.post('/api/arks/web/member/letter/destroy', async ({ request }) => {
      const body = await record('destroy', request);
      letters = letters.filter((l) => l.id !== body.id);
      return ok({ id: body.id, changed: 1, unread_count: letters.filter((l) => !l.is_read).length });
    }),
  );
}

const row = (id: number, is_read = 0): Row => ({ id, title: `Letter ${id}`, content: `<p>Body ${id}</p>`, is_read, created_at: '2026-11-24T10:00:00Z' });

beforeEach(() => {
  login(loginData);
});

describe('badge', () => {
  it('shows nothing for 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1234)).toBe('99+');
  });

  it('counts the unread letters in the header and follows `letter` events', async () => {
    serveLetters([row(1), row(2, 1)]);
    renderUi(
      <>
        <LetterBell />
        <LetterSession />
      </>,
    );
    expect((await screen.findByTestId('letter-badge')).textContent).toBe('1');
    letters = [row(3), ...letters];
    act(() => emitRealtimeEvent({ event: 'letter', data: { action: 'sent', id: 3 }, channel: 'member.7' }));
    await waitFor(() => expect(screen.getByTestId('letter-badge').textContent).toBe('2'));
    letters = Array.from({ length: 120 }, (_, i) => row(i + 10));
    act(() => emitRealtimeEvent({ event: 'letter', data: { action: 'sent', id: 9 }, channel: 'member.USD' }));
    await waitFor(() => expect(screen.getByTestId('letter-badge').textContent).toBe('99+'));
  });
});

describe('Letter page', () => {
  it('asks for page 1 of 50 by id descending in the language, opens one row at a time and reads an unread one', async () => {
    serveLetters([row(2), row(1, 1)]);
    const user = userEvent.setup();
    renderUi(<LetterPage />, { path: '/user/Letter' });
    const first = await screen.findByTestId('letter-2');
    expect(calls[0].body).toMatchObject({ active: 0, count: 50, page: 1, sort_field: 'id', sort_order: 'desc', language: 'en_US' });
    expect(first.className).toContain('is-unread');

    await user.click(within(first).getByTestId('letter-toggle'));
    expect(within(first).getByText('Body 2')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === 'read' && c.body.id === 2)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('letter-2').className).not.toContain('is-unread'));

    // Opening another closes the first; a read letter is not read again.
    await user.click(within(screen.getByTestId('letter-1')).getByTestId('letter-toggle'));
    expect(screen.queryByText('Body 2')).toBeNull();
    expect(screen.getByText('Body 1')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'read')).toHaveLength(1);
  });

  it('deletes a letter with the list body and its id', async () => {
    serveLetters([row(5)]);
    const user = userEvent.setup();
    renderUi(<LetterPage />, { path: '/user/Letter' });
    await user.click(within(await screen.findByTestId('letter-5')).getByTestId('letter-toggle'));
    await user.click(screen.getByTestId('letter-delete'));
    await waitFor(() => expect(screen.queryByTestId('letter-5')).toBeNull());
    expect(calls.find((c) => c.path === 'destroy')?.body).toMatchObject({ id: 5, count: 50, page: 1 });
    expect(await screen.findByTestId('letter-empty')).toBeTruthy();
  });
});
