// Content pages as the server answers them (internal/content/pages.go):
// promotions, FAQ, content pages and the app page; unknown ids answer 404.
import { http, HttpResponse } from 'msw';

const ok = (data: unknown) => HttpResponse.json({ code: 100, message: 'success', data });
const notFound = () => HttpResponse.json({ code: 404, message: 'the page was not found', data: null });

const item = (id: number, title: string, extra: Record<string, unknown> & { content?: string } = {}) => ({
  id,
  title,
  summary: '',
  image: '',
  start_at: '',
  end_at: '',
  sort: id,
  updated_at: '2026-11-01T12:00:00Z',
  content: '',
  ...extra,
});

export const pagesFixture = {
  discount: [
    item(8, 'Welcome bonus 100%', {
      summary: 'Double your first deposit, up to $200.',
      image: '/media/promo/1.svg',
      end_at: '2027-01-31T04:00:00Z',
      content: '<h3>How it works</h3><ol><li>Deposit at least $20.</li></ol>',
    }),
    item(9, 'Weekly cashback up to 1.2%', { summary: 'Paid each Monday.', start_at: '2026-11-01T04:00:00Z', content: '<p>Cashback table</p>' }),
  ],
  faq: [
    item(4, 'How do I open an account?', { summary: 'Registration takes under a minute.', content: '<p>Press <b>Register</b>.</p>' }),
    item(5, 'How do I deposit?', { summary: 'Open Deposit in the member centre.', content: '<p>Open <b>Deposit</b>.</p>' }),
  ],
  main: [item(1, 'About us', { content: '<h2>Gamehall</h2><p>An online gaming hall.</p>' })],
  app: [item(12, 'Gamehall on your phone', { summary: 'Add Gamehall to your home screen.', image: '/media/app/phone.svg', content: '<h3>Android</h3><ol><li>Open Chrome.</li></ol>' })],
};

type Kind = keyof typeof pagesFixture;

const list = (kind: Kind) => () => ok({ list: pagesFixture[kind].map(({ content: _c, ...rest }) => rest) });

const detail = (kind: Kind) => async ({ request }: { request: Request }) => {
  const { id } = (await request.json()) as { id?: number };
  const found = kind === 'app' ? pagesFixture.app[0] : pagesFixture[kind].find((p) => p.id === id);
  return found ? ok({ detail: found }) : notFound();
};

export const pageHandlers = [
  http.post('/api/arks/web/discount', list('discount')),
  http.post('/api/arks/web/discount/detail', detail('discount')),
  http.post('/api/arks/web/faq', list('faq')),
  http.post('/api/arks/web/faq/detail', detail('faq')),
  http.post('/api/arks/web/page/detail', detail('main')),
  http.post('/api/arks/web/page/app', detail('app')),
  http.post('/api/web/model_sponsor', () =>
    ok({ list: [{ id: 1, title: 'Northbay Rovers FC', photo: '/media/sponsor/1.svg', content: 'Official betting partner.', url: '', sort: 0 }] }),
  ),
  http.post('/api/arks/web/game/sport-quickbet-url', () => ok({ detail: { url: '', gp_id: 0 } })),
];
