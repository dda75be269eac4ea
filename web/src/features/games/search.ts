import type { Game } from '@/api';

/** The name in `lang`, else en_US (the server does not translate game names). */
export function gameName(game: Pick<Game, 'game_name' | 'game_code'>, lang: string): string {
  return game.game_name?.[lang] || game.game_name?.en_US || game.game_code;
}

/** Lower case without accents, so "vong quay" finds "Vòng Quay" and "ĐẠI" finds "đại". */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Games whose name (in any language) contains the query, names starting with
 * it first, then in catalogue order. An empty query finds nothing.
 */
export function searchGames(games: readonly Game[], query: string, lang: string): Game[] {
  const q = fold(query);
  if (!q) return [];
  const scored: { game: Game; rank: number; index: number }[] = [];
  games.forEach((game, index) => {
    const own = fold(gameName(game, lang));
    const others = Object.values(game.game_name ?? {}).map(fold);
    let rank = -1;
    if (own.startsWith(q) || own.split(' ').some((w) => w.startsWith(q))) rank = 0;
    else if (own.includes(q)) rank = 1;
    else if (others.some((n) => n.includes(q))) rank = 2;
    if (rank >= 0) scored.push({ game, rank, index });
  });
  return scored.sort((a, b) => a.rank - b.rank || a.index - b.index).map((s) => s.game);
}
