import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { detectLanguage, initI18n } from '@/features/i18n';
import { loadEnvConfig, loadVisitor } from '@/features/site';
import { getCookie } from '@/lib/cookies';
import { createQueryClient } from '@/lib/query-client';
import { local, LS } from '@/lib/storage';
import { startBuildWatch } from './build-watch';
import { installChunkErrorReload } from './chunk-reload';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import '@/styles/global.css';

async function boot() {
  installChunkErrorReload();
  const client = createQueryClient();
  const cookieLang = getCookie('lang');
  // Without a chosen language the visitor's IP decides language and currency;
  // both calls run together and the visitor call is capped at 2.5 s.
  const [env, visitor] = await Promise.all([loadEnvConfig(client), cookieLang ? undefined : loadVisitor()]);
  const lang = detectLanguage({
    cookie: cookieLang,
    stored: local.get(LS.lang),
    visitor: visitor?.country ? visitor.language : undefined,
    browser: navigator.languages ?? [navigator.language],
    available: env.languages.map((l) => l.code),
    siteDefault: env.default_language,
  });
  await initI18n(lang);
  const router = createAppRouter(client);
  startBuildWatch(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
