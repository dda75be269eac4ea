import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from 'sonner';
import { useDevice } from '@/lib/device-context';
import { errorText } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { gameListQuery, hallTypesQuery, hotGamesQuery, lastPlayedQuery, storeFavorite, tagGamesQuery, templateListsQuery } from '../api/catalogue';
import { useGamesConfig } from '../context';
import type { Game, GameList } from '../types';

/** Whose copy of a list: a member's carries their favourite marks. */
function useMemberKey(): string | null {
  const { memberId, token } = useSession();
  return token ? (memberId ?? 'member') : null;
}

export function useGameList() {
  const { currency, template } = useGamesConfig();
  const device = useDevice();
  return useQuery(gameListQuery({ device, currency, template, memberId: useMemberKey() }));
}

export function useHotGames(gtId: number) {
  const { currency } = useGamesConfig();
  const device = useDevice();
  return useQuery(hotGamesQuery({ device, currency, gtId, memberId: useMemberKey() }));
}

export function useTagGames(tag: string, gtId: number) {
  const { currency } = useGamesConfig();
  const device = useDevice();
  return useQuery(tagGamesQuery({ device, currency, tag, gtId, memberId: useMemberKey() }));
}

export function useTemplateLists() {
  const { currency } = useGamesConfig();
  const device = useDevice();
  const lang = useLanguage();
  return useQuery(templateListsQuery({ device, currency, lang, memberId: useMemberKey() }));
}

export function useHallTypes() {
  const { currency, template } = useGamesConfig();
  const device = useDevice();
  const lang = useLanguage();
  return useQuery(hallTypesQuery({ device, currency, template, lang }));
}

export function useLastPlayed() {
  return useQuery(lastPlayedQuery(useMemberKey()));
}

/** A list answer with one game's favourite mark set: games, or lists of games; other shapes unchanged. */
function withMark(data: unknown, gameId: number, value: number): unknown {
  const mark = (g: Game) => (g.game_id === gameId ? { ...g, member_favorite: value } : g);
  if (!Array.isArray(data)) return data;
  return (data as (Game | GameList)[]).map((x) => ('game_list' in x ? { ...x, game_list: x.game_list.map(mark) } : mark(x)));
}

/**
 * Toggles a member's favourite: the mark flips at once in every cached game
 * list, and comes back if the server refuses.
 */
export function useFavoriteToggle() {
  const qc = useQueryClient();
  const mark = (gameId: number, value: number) => qc.setQueriesData<unknown>({ queryKey: ['lobby', 'games'] }, (data: unknown) => withMark(data, gameId, value));
  return useMutation({
    mutationFn: ({ game, on }: { game: Game; on: boolean }) => storeFavorite([game.game_id], on ? 1 : 0),
    onMutate: ({ game, on }) => mark(game.game_id, on ? 1 : 0),
    onError: (e, { game, on }) => {
      mark(game.game_id, on ? 0 : 1);
      toast.error(errorText(e) || i18next.t('request_failed'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['lobby', 'games'] }),
  });
}
