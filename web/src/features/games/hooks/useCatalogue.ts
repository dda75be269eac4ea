import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from 'sonner';
import { useDevice } from '@/lib/device-context';
import { errorText } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { gameListQuery, hallTypesQuery, lastPlayedQuery, storeFavorite } from '../api/catalogue';
import { useGamesConfig } from '../context';
import type { Game } from '../types';

export function useGameList() {
  const { currency, template } = useGamesConfig();
  const device = useDevice();
  const { memberId, token } = useSession();
  return useQuery(gameListQuery({ device, currency, template, memberId: token ? memberId ?? 'member' : null }));
}

export function useHallTypes() {
  const { currency, template } = useGamesConfig();
  const device = useDevice();
  const lang = useLanguage();
  return useQuery(hallTypesQuery({ device, currency, template, lang }));
}

export function useLastPlayed() {
  const { memberId, token } = useSession();
  return useQuery(lastPlayedQuery(token ? memberId ?? 'member' : null));
}

/**
 * Toggles a member's favourite: the mark flips at once in every cached game
 * list, and comes back if the server refuses.
 */
export function useFavoriteToggle() {
  const qc = useQueryClient();
  const mark = (gameId: number, value: number) =>
    qc.setQueriesData<Game[]>({ queryKey: ['lobby', 'games'] }, (list) =>
      Array.isArray(list) ? list.map((g) => (g.game_id === gameId ? { ...g, member_favorite: value } : g)) : list,
    );
  return useMutation({
    mutationFn: ({ game, on }: { game: Game; on: boolean }) => storeFavorite([game.game_id], on ? 1 : 0),
    onMutate: ({ game, on }) => mark(game.game_id, on ? 1 : 0),
    onError: (e, { game, on }) => {
      mark(game.game_id, on ? 0 : 1);
      toast.error(errorText(e) || i18next.t('request_failed'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['lobby', 'games', 'list'] }),
  });
}
