// The site's service agreement (/arks/web/register-settings/service-agreement):
// the register form's agreement and the protocol (terms) modal show it. Its
// HTML is sanitised by the server.
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export interface AgreementBlock {
  id: number;
  title: string;
  content: string;
}

export const agreementQuery = (lang: string) =>
  queryOptions({
    queryKey: ['agreement', getSiteId(), lang],
    queryFn: ({ signal }) =>
      request<{ list: AgreementBlock[] }>('/arks/web/register-settings/service-agreement', { site_id: getSiteId() }, { signal }).then(
        (d) => d.list ?? [],
      ),
    staleTime: 10 * 60_000,
  });
