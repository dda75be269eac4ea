import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useLanguage } from '@/lib/use-language';
import { pageListQuery, pageQuery } from '../api/pages';
import type { PageKind } from '../types';

/** The route's numeric id (the loaders have already refused anything else). */
export function useRouteId(): number {
  return Number(useParams().id);
}

export function usePageList(kind: 'discount' | 'faq') {
  return useQuery(pageListQuery(kind, useLanguage()));
}

export function usePage(kind: PageKind, id?: number) {
  return useQuery(pageQuery(kind, id, useLanguage()));
}
