// The member's letters (spec section 7): the header, the footer's letter
// entry and the member centre's Letter page read the same list, so one
// `letter` event refreshes all of them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import { useSession } from '@/lib/session';
import { keys } from './keys';

/** A letter (spec section 3: id, is_read). */
export interface Letter {
  id: number;
  title: string;
  content: string;
  is_read: number;
  created_at: string;
}

export interface LetterList {
  list: Letter[];
  total_count: number;
  unread_count: number;
}

/** Spec section 9: letter page size 50, page 1, sort by id descending. */
export const LETTER_PAGE_SIZE = 50;

export function letterBody(lang: string, page = 1) {
  return { active: 0, count: LETTER_PAGE_SIZE, language: lang, page, site_id: getSiteId(), sort_field: 'id', sort_order: 'desc' };
}

/** Every letter query sits under this prefix (inside the member's, so logout drops them). */
export const lettersKey = () => [...keys.member.all(), 'letters'] as const;

export const letterListQuery = (memberId: string | null, lang: string, page = 1) =>
  queryOptions({
    queryKey: [...lettersKey(), memberId, lang, page] as const,
    queryFn: ({ signal }) => request<LetterList>('/arks/web/member/letter', letterBody(lang, page), { signal }),
    enabled: !!memberId,
    staleTime: 30_000,
  });

/** The member's unread count (0 for a visitor). */
export function useUnreadLetters(lang: string): number {
  const { memberId } = useSession();
  const { data } = useQuery({ ...letterListQuery(memberId, lang), meta: { silent: true } });
  return data?.unread_count ?? 0;
}

export const readLetter = (id: number) => request<{ unread_count: number }>('/arks/web/member/letter/read', { id });

/** Deletes one letter (the list's body plus its id). */
export const destroyLetter = (lang: string, id: number) =>
  request<{ unread_count: number }>('/arks/web/member/letter/destroy', { ...letterBody(lang), id });
