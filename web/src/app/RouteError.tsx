import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { ErrorPage } from './ErrorPage';

/** The router's error boundary: chunk errors reload once, anything else is the error page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();

  if (isChunkLoadError(error) && reloadForChunkError(pathname)) return null;

  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? t('page_not_found_path', { path: pathname }) : typeof error.data === 'string' ? error.data : error.statusText;
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage message={error instanceof Error ? error.message : undefined} />;
}

export function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={t('page_not_found_path', { path: pathname })} />;
}
