import { QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from 'sonner';
import { isApiError } from './api-client';

/** What a user should read for an error: the server's message, or the client's own wording. */
export function errorText(e: unknown): string {
  if (isApiError(e)) {
    if (e.messageKey) return i18next.t(e.messageKey);
    if (e.message) return e.message;
  }
  return i18next.t('request_failed');
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** a failure shows no toast (a probe, an optional part) */
      silent?: boolean;
      /** the answer differs for visitors and members: refetched, under the same key, at login and logout */
      audience?: boolean;
    };
  }
}

/**
 * Login and logout: the lists whose answer depends on who asks are fetched
 * again, once, under their unchanged keys. With refetch false they are only
 * marked stale (the page is about to ask under other keys, as after a
 * currency change, and a refetch now would be dropped at once).
 */
export function refetchAudience(qc: QueryClient, refetch = true): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => q.meta?.audience === true, refetchType: refetch ? 'active' : 'none' });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // Spec section 8: failed lists show the server message as an error toast.
        if (query.meta?.silent) return;
        if (isApiError(error) && (error.kind === 'aborted' || error.kind === 'unauthorized')) return;
        const text = errorText(error);
        toast.error(text, { id: `query-error:${text}` });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (count, e) => count < 1 && isApiError(e) && e.kind === 'network',
      },
    },
  });
}
