import { http, HttpResponse } from 'msw';
import { catalogueHandlers } from './catalogue';
import { pageHandlers } from './pages';
import { announcements, banners, bulletins, envConfig, footerGroups, gameTypes, loginData, memberLayout, memberProfile, mobileFooter, registerSettings } from './fixtures';

export const ok = (data: unknown, code = 100) => HttpResponse.json({ code, message: 'success', data });

/** Answers of the lobby endpoints as docs/api.md describes them. */
export const handlers = [
  http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig() })),
  http.post('/api/visitor', () => ok({ country: 'US', language: 'en_US', currency: 'USD' })),
  http.post('/api/web/logo', () =>
    ok({
      web_logo_list: [
        { id: 1, type: 'desktop', photo_path: '/media/logo/logo-desktop.svg' },
        { id: 2, type: 'mobile', photo_path: '/media/logo/logo-mobile.svg' },
      ],
    }),
  ),
  http.post('/api/arks/web/footer', () => ok({ list: footerGroups })),
  http.post('/api/arks/web/web-mobile-footer', () => ok({ list: mobileFooter })),
  http.post('/api/arks/web/float', () => ok({ list: [] })),
  // promotion bonuses: none unless a test serves some
  http.post('/api/arks/web/bonus/offers', () => ok({ list: [] })),
  http.post('/api/arks/web/bonus/list', () => ok({ list: [] })),
  http.post('/api/template_config', async ({ request }) => {
    const { mobileTemplateName } = (await request.json()) as { mobileTemplateName: string };
    return ok({ [mobileTemplateName]: { name: mobileTemplateName, theme_color: '#f5c542', home_sections: ['carousel', 'marquee', 'jackpot', 'game_types'] } }, 1000);
  }),
  http.post('/api/arks/web/carousel_picture', () => ok({ web_carousel_picture_list: banners })),
  http.post('/api/arks/web/announcement/marquee', () => ok({ web_announcement_list: announcements })),
  http.post('/api/arks/web/bulletin', () => ok({ list: bulletins, setting: { display_frequency: 1 } })),
  http.post('/api/arks/web/bulletin/history', () => ok({ list: bulletins })),
  http.post('/api/arks/web/bulletin/member', () => ok({ list: bulletins, setting: { display_frequency: 1 } })),
  http.post('/api/arks/web/bulletin/member/hide', () => ok({ hidden: 0 })),
  http.post('/api/v2/get_jackpot', () => ok({ jackpot: { currency: 'USD', jackpot_amount_total: 1234567.89 } })),
  http.post('/api/demo/gt_games', () => ok({ list: gameTypes })),
  // members (issue 4)
  http.post('/api/arks/web/register-settings', () => ok({ list: registerSettings })),
  http.post('/api/arks/web/register-settings/service-agreement', () => ok({ list: [{ id: 1, title: 'Terms of service', content: '<p>Be 18 or older.</p>' }] })),
  http.post('/api/arks/web/check-agent-domain', () => ok({ is_valid: 0, currency: '', agent_id: '' })),
  http.post('/api/captcha', () => ok({ token: 'cap-1', captcha: 'data:image/png;base64,AAAA', placeholder: '4 digits' })),
  http.post('/api/get_login_header', () => ok({ remote_addr: '203.0.113.9', country: 'US', host: 'gamehall.test' })),
  http.post('/api/login', () => ok(loginData)),
  http.post('/api/register', () => ok(loginData)),
  http.post('/api/register/verification', () => ok({})),
  http.post('/api/register/sms', () => ok({})),
  http.post('/api/fb_tracking', () => ok({})),
  http.post('/api/logout', () => ok({})),
  http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: memberLayout })),
  http.post('/api/member/profile', () => ok({ member_profile: memberProfile })),
  // the recommend feature (issue 13): open, with nothing to show until a test says so
  http.post('/api/bonus_setting/check', () => ok({ is_friend: 1 })),
  http.post('/api/member/apply_for_agent/check', () => ok({})),
  // letters, red envelopes and the sign-in (issue 12): nothing until a test says so
  http.post('/api/member/exclusion', () =>
    ok({ state: null, options: { timeout_days: [1, 3, 7, 14, 42], min_days: 1, max_days: 42, exclusion_periods: ['6m', '1y', '2y', '5y', 'indefinite'] } }),
  ),
  http.post('/api/arks/web/member/letter', () => ok({ list: [], total_count: 0, unread_count: 0 })),
  http.post('/api/arks/web/activity/red_envelope_promotion', () => ok({ envelope: null })),
  http.post('/api/arks/web/activity/signin', () =>
    ok({ open: 0, signed_today: 0, streak: 0, today: '2026-11-24', today_award: 0, awards: [], event: 'is_signin_noopen' }),
  ),
  http.get('/builds/latest.json', () => HttpResponse.json({ id: 'build1', timestamp: 1 })),
  http.get('/builds/meta/:file', () => HttpResponse.json({ id: 'build1', timestamp: 1, route_rules: {}, prerendered: [] })),
  ...catalogueHandlers,
  ...pageHandlers,
];
