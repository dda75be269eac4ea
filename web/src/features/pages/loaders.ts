// Route loaders of the content pages: an id that is not a positive integer,
// or that the server answers with code 404 (unknown, switched off, another
// kind, a promotion outside its dates), is the spec's route validation
// failure: the error page with status 404 (Page Not Found: {path}).
import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/locale';
import { pageQuery } from './api/pages';
import type { PageKind } from './types';

export function pageLoader(qc: QueryClient, kind: Exclude<PageKind, 'app'>) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = Number(params.id);
    if (!/^\d+$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
    try {
      await qc.ensureQueryData(pageQuery(kind, id, currentLanguage.get()));
    } catch (e) {
      if (isApiError(e) && e.code === 404) throw data(null, { status: 404 });
      // Other failures (network, timeout) leave the page to show its state.
    }
    return null;
  };
}
