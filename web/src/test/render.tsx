import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createTestRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { siteDetailQuery, type EnvConfig } from '@/site';
import { envConfig } from './fixtures';

export function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/** The whole app at `path`, in a memory router, against the msw handlers. */
export function renderApp(path = '/', { width = 1280 }: { width?: number } = {}) {
  setWidth(width);
  const client = createQueryClient();
  const router = createTestRouter(client, [path]);
  const utils = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, client };
}

/**
 * One component inside the app's providers and a memory router (for hooks
 * like useNavigate), with env_config loaded as the root loader leaves it.
 */
export function renderUi(ui: ReactElement, { path = '/', width = 1280, env = {} }: { path?: string; width?: number; env?: Partial<EnvConfig> } = {}) {
  setWidth(width);
  const client = createQueryClient();
  client.setQueryData(siteDetailQuery().queryKey, envConfig(env));
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, client };
}
