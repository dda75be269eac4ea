// The catalogue queries bound to the page: the layout's device, the site
// currency and template, the language and whose copy (visitor or member).
import { useQuery } from '@tanstack/react-query';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { useSiteCurrency, useSiteTemplate } from '@/site';
import { gameListQuery, gameTypesQuery, hotGamesQuery, lastPlayedQuery, tagGamesQuery, templateListsQuery } from './catalogue';

function useScope() {
  return { device: useDevice(), currency: useSiteCurrency().code };
}

export function useGameTypes() {
  const template = useSiteTemplate();
  const lang = useLanguage();
  return useQuery(gameTypesQuery({ ...useScope(), template, lang }));
}

export function useGameList() {
  const template = useSiteTemplate();
  return useQuery(gameListQuery({ ...useScope(), template }));
}

export function useHotGames(gtId: number) {
  return useQuery(hotGamesQuery({ ...useScope(), gtId }));
}

export function useTagGames(tag: string, gtId: number) {
  return useQuery(tagGamesQuery({ ...useScope(), tag, gtId }));
}

export function useTemplateLists() {
  const lang = useLanguage();
  return useQuery(templateListsQuery({ ...useScope(), lang }));
}

export function useLastPlayed() {
  const { memberId, token } = useSession();
  return useQuery(lastPlayedQuery(token ? (memberId ?? 'member') : null));
}
