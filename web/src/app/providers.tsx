import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast, Toaster } from 'sonner';
import { onLogout } from '@/lib/session';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET = 16;

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      onLogout(() => {
        // Member data must not outlive the session; lists differ for visitors.
        client.removeQueries({ queryKey: ['member'] });
        void client.invalidateQueries({ queryKey: ['lobby'] });
        void client.invalidateQueries({ queryKey: ['bulletins'] });
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
      <Toaster position="top-center" duration={TOAST_DURATION_MS} offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} theme="dark" richColors closeButton />
    </QueryClientProvider>
  );
}
