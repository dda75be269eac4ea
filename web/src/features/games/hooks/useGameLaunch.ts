import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { useAppMode } from '@/lib/ui-store';
import { useEnvConfig, useSiteCurrency } from '@/site';
import { launchGame, type LaunchResult } from '../launch/launcher';
import type { LaunchTarget, OpenMode } from '../launch/machine';
import { gameName } from '../search';
import { keys, type Game } from '@/api';
import { useLanguage } from '@/lib/use-language';

export function targetOf(game: Game, lang: string): LaunchTarget {
  return {
    game_id: game.game_id,
    game_code: game.game_code,
    gp_id: game.gp_id,
    game_type: game.game_type,
    house: game.house,
    customized: game.customized,
    name: gameName(game, lang),
  };
}

/** launch(game): must be called inside the click, so the game window may open. */
export function useGameLaunch(opts: { preferred?: OpenMode; inPage?: boolean } = {}) {
  const currency = useSiteCurrency().code;
  const demoMode = useEnvConfig().demo_mode;
  const device = useDevice();
  const { token, memberId } = useSession();
  const { appPage } = useAppMode();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const lang = useLanguage();
  const { preferred, inPage } = opts;
  return useCallback(
    (game: Game): Promise<LaunchResult> =>
      launchGame(targetOf(game, lang), {
        device,
        currency,
        demoMode,
        loggedIn: !!token,
        appMode: !!appPage,
        preferred,
        navigate: inPage ? undefined : (to) => void navigate(to),
        onLaunched: () => {
          if (memberId) void qc.invalidateQueries({ queryKey: keys.member.lastPlayedAll() });
        },
      }),
    [currency, demoMode, device, token, memberId, appPage, preferred, inPage, navigate, qc, lang],
  );
}
