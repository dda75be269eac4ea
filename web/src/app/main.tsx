import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '@/features/i18n';
import { createQueryClient } from '@/lib/query-client';
import { startBuildWatch } from './build-watch';
import { installChunkErrorReload } from './chunk-reload';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { resolveStart } from './start';
import '@/styles/global.css';

async function boot() {
  installChunkErrorReload();
  const client = createQueryClient();
  const lang = await resolveStart(client);
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
