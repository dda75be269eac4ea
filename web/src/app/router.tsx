import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createMemoryRouter, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadEnvConfig, resolveSiteCurrency, cachedVisitor } from '@/site';
import { Home } from '@/templates/Home';
import { TemplateShell } from '@/templates/TemplateShell';
import { getCookie } from '@/lib/cookies';
import { currentLanguage } from '@/lib/locale';
import { local, LS } from '@/lib/storage';
import { openModal } from '@/lib/modals';
import { pageLoader } from '@/features/pages';
import { AppRoot, BootSplash } from './AppRoot';
import { applyRouteRules } from './build-watch';
import { recordEntryParams } from './entry-params';
import { fastDepositGuard, registerGuard, slotgameGuard, toHome } from './guards';
import { applyHandoff } from './handoff';
import { NotFound, RouteError } from './RouteError';

/** Later features' pages: lazy, so none of them weighs on the lobby. */
function placeholder(titleKey: string, extra: { registerAction?: boolean } = {}): RouteObject['lazy'] {
  return async () => {
    const { PlaceholderPage } = await import('./routes/PlaceholderPage');
    return { Component: () => <PlaceholderPage titleKey={titleKey} {...extra} /> };
  };
}

/** The content pages (promotions, FAQ, content, sponsor, app): lazy, one chunk. */
function page(name: keyof typeof import('@/features/pages/pages')): RouteObject['lazy'] {
  return async () => {
    const m = await import('@/features/pages/pages');
    return { Component: m[name] };
  };
}

function rootLoader(qc: QueryClient) {
  let first = true;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const env = await loadEnvConfig(qc);
    if (first) {
      first = false;
      const lang = currentLanguage.get();
      const site = resolveSiteCurrency(env, lang, {
        cookie: getCookie('currency'),
        stored: local.get(LS.currency),
        visitor: cachedVisitor()?.currency,
      });
      const entry = recordEntryParams(url.searchParams, {
        linkExpireMinutes: env.link_expire_time,
        currencies: env.currencies.map((c) => c.code),
        siteCurrency: site.code,
      });
      if (entry.modal) openModal(entry.modal);
      void applyHandoff(url.searchParams);
    }
    // The lobby never waits for the rules file; other paths may carry a redirect.
    await applyRouteRules(url.pathname, url.pathname !== '/');
    return null;
  };
}

/** Route rules and guards run on every path change, not only when params change. */
function revalidateOnPath({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export function createRoutes(qc: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <AppRoot />,
      errorElement: <RouteError />,
      HydrateFallback: BootSplash,
      loader: rootLoader(qc),
      shouldRevalidate: revalidateOnPath,
      children: [
        {
          element: <TemplateShell />,
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Home /> },
            { path: 'app', lazy: page('AppPage') },
            { path: 'discount', lazy: page('PromotionsPage') },
            { path: 'discount/:id', loader: pageLoader(qc, 'discount'), lazy: page('PromotionPage') },
            { path: 'faq', lazy: page('FaqPage') },
            { path: 'faq/:id', loader: pageLoader(qc, 'faq'), lazy: page('FaqEntryPage') },
            { path: 'gameHall/:id', lazy: () => import('@/features/games/pages/GameHallPage').then((m) => ({ Component: m.GameHallPage })) },
            { path: 'main/:id', loader: pageLoader(qc, 'main'), lazy: page('ContentPage') },
            { path: 'slotgame', loader: slotgameGuard, lazy: () => import('@/features/games/pages/SlotListPage').then((m) => ({ Component: m.SlotListPage })) },
            { path: 'sponsor', lazy: page('SponsorPage') },
            { path: 'fair', lazy: () => import('@/features/fair/components/FairPage').then((m) => ({ Component: m.FairPage })) },
            { path: 'play', lazy: () => import('@/features/games/pages/PlayPage').then((m) => ({ Component: m.PlayPage })) },
            { path: 'gameRoom', lazy: () => import('@/features/games/pages/GameRoomPage').then((m) => ({ Component: m.GameRoomPage })) },
            { path: 'fastPayment', lazy: () => import('@/features/wallet/components/FastPaymentPage').then((m) => ({ Component: m.FastPaymentPage })) },
            { path: 'register', loader: registerGuard(qc), lazy: () => import('./routes/MemberRoutes').then((m) => ({ Component: m.RegisterRoute })) },
          ],
        },
        // Helper windows and the member/agent centres open without the site chrome.
        { path: 'close', lazy: () => import('@/features/games/pages/HelperPages').then((m) => ({ Component: m.ClosePage })) },
        { path: 'authCallback', lazy: () => import('@/features/auth/components/AuthCallback').then((m) => ({ Component: m.default })) },
        { path: 'user', lazy: () => import('./routes/MemberRoutes').then((m) => ({ Component: m.UserRoute })) },
        { path: 'user/:page', lazy: () => import('./routes/MemberRoutes').then((m) => ({ Component: m.UserRoute })) },
        { path: 'proxy', lazy: placeholder('agent_centre') },
        { path: 'fastDeposit', loader: fastDepositGuard, element: null },
        { path: 'main', loader: toHome, element: null },
        { path: 'gameHall', loader: toHome, element: null },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createAppRouter(qc: QueryClient) {
  return createBrowserRouter(createRoutes(qc));
}

export function createTestRouter(qc: QueryClient, initialEntries: string[]) {
  return createMemoryRouter(createRoutes(qc), { initialEntries });
}
