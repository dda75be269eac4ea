import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import { keys } from '@/api';
import { refetchAudience } from '@/lib/query-client';
import { onLogout } from '@/lib/session';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET = 16;
/** Toasts open 16 px below the site header (templates/useHeaderOffset), never over its buttons. */
const TOAST_EDGES = { top: `calc(var(--site-header-bottom, 0px) + ${TOAST_OFFSET}px)`, right: TOAST_OFFSET, bottom: TOAST_OFFSET, left: TOAST_OFFSET };

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(
    () =>
      onLogout(() => {
        // Member data must not outlive the session; lists differ for visitors.
        client.removeQueries({ queryKey: keys.member.all() });
        void refetchAudience(client);
      }),
    [client],
  );

  useEffect(() => {
    // Spec section 9: Esc closes toasts.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && toast.getToasts().length) toast.dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster
        position="top-center"
        duration={TOAST_DURATION_MS} offset={TOAST_EDGES} mobileOffset={TOAST_EDGES} theme="dark"
        richColors
        closeButton
        // sonner's own labels are English; its keyboard shortcut (alt+T) follows the label.
        containerAriaLabel={t('notifications')}
        toastOptions={{ closeButtonAriaLabel: t('close') }}
      />
    </QueryClientProvider>
  );
}
