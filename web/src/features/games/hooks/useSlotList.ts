import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDevice } from '@/lib/device-context';
import { useLanguage } from '@/lib/use-language';
import { gameLabelQuery, POPULAR, providerGamesQuery, useGameTypes, type Game, type GameLabel, type ProviderParam } from '@/api';
import { useSiteCurrency } from '@/site';

/** gp_id of a query: a provider id, or "Popular" (the default of the slot list). */
export function parseProvider(v: string | null): ProviderParam {
  if (!v || v === POPULAR) return POPULAR;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : POPULAR;
}

export const ALL_LABEL = 'all';

/**
 * The slot list and the game room: /slotgame?gt_id&gp_id&house. Popular is
 * the site's hot list (/demo/gp_games); a provider's games come with the
 * site's label tabs (/v2/game_label).
 */
export function useSlotList() {
  const [params, setParams] = useSearchParams();
  const currency = useSiteCurrency().code;
  const device = useDevice();
  const lang = useLanguage();
  const gtId = Number(params.get('gt_id')) || 2;
  const gp = parseProvider(params.get('gp_id'));
  const house = params.get('house') === '1' ? 1 : 0;
  const label = params.get('label') ?? ALL_LABEL;
  const types = useGameTypes();
  const type = types.data?.find((t) => t.gt_id === gtId);
  const providers = type?.gp_list ?? [];

  const where = { device, currency, gpId: gp, gtId, house };
  const popular = useQuery({ ...providerGamesQuery(where), enabled: gp === POPULAR });
  const labelled = useQuery({ ...gameLabelQuery({ ...where, lang }), enabled: gp !== POPULAR });

  const labels: GameLabel[] = gp === POPULAR ? [] : (labelled.data?.labels ?? []).filter((l) => l.game_list.length > 0);
  const games: Game[] | undefined = useMemo(() => {
    if (gp === POPULAR) return popular.data;
    if (!labelled.data) return undefined;
    if (label === ALL_LABEL) return labelled.data.main;
    return labelled.data.labels.find((l) => l.tag === label)?.game_list ?? labelled.data.main;
  }, [gp, popular.data, labelled.data, label]);

  const select = (next: { gp?: ProviderParam; label?: string }) => {
    const p = new URLSearchParams(params);
    if (next.gp !== undefined) {
      p.set('gp_id', String(next.gp));
      const prov = providers.find((x) => x.gp_id === next.gp);
      p.set('house', String(prov?.house ?? 0));
      p.delete('label');
    }
    if (next.label !== undefined) {
      if (next.label === ALL_LABEL) p.delete('label');
      else p.set('label', next.label);
    }
    if (!p.has('gt_id')) p.set('gt_id', String(gtId));
    setParams(p, { replace: true });
  };

  return {
    gtId,
    gp,
    house,
    label,
    type,
    providers,
    labels,
    games,
    loading: types.isPending || (gp === POPULAR ? popular.isPending : labelled.isPending),
    select,
  };
}
