import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from 'sonner';
import { keys, storeFavorite, type Game, type GameList } from '@/api';
import { errorText } from '@/lib/query-client';

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
  const mark = (gameId: number, value: number) => qc.setQueriesData<unknown>({ queryKey: keys.catalogue.games() }, (data: unknown) => withMark(data, gameId, value));
  return useMutation({
    mutationFn: ({ game, on }: { game: Game; on: boolean }) => storeFavorite([game.game_id], on ? 1 : 0),
    onMutate: ({ game, on }) => mark(game.game_id, on ? 1 : 0),
    onError: (e, { game, on }) => {
      mark(game.game_id, on ? 0 : 1);
      toast.error(errorText(e) || i18next.t('request_failed'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.catalogue.games() }),
  });
}
