import '../components/games.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useDevice } from '@/lib/device-context';
import { providerGamesQuery, useGameTypes, type Game } from '@/api';
import { useEnvConfig, useSiteCurrency } from '@/site';
import { DemoModeNotice, GameGrid } from '../components/GameGrid';
import { HallHeader, ProviderTabs } from '../components/Hall';
import { HallEmpty } from '../components/HallEmpty';
import { useGameLaunch } from '../hooks/useGameLaunch';

/** /gameHall/{gt_id}: the providers of a type (not slots) and the selected one's games. */
export function GameHallPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const device = useDevice();
  const currency = useSiteCurrency().code;
  const { demo_mode: demoMode } = useEnvConfig();
  const launch = useGameLaunch();
  const gtId = Number(id);
  const types = useGameTypes();
  const type = types.data?.find((x) => x.gt_id === gtId);
  const providers = type?.gp_list ?? [];
  const wanted = Number(params.get('gp_id'));
  const provider = providers.find((p) => p.gp_id === wanted) ?? providers[0];
  const games = useQuery({
    ...providerGamesQuery({ device, currency, gpId: provider?.gp_id ?? 0, gtId, house: provider?.house ?? 0 }),
    enabled: !!provider,
  });

  if (gtId === 2) return <Navigate to="/slotgame?gt_id=2" replace />;
  if (types.data && !type) {
    return (
      <div className="container hall">
        <section className="games-missing" data-testid="hall-missing">
          <h1>{t('game_hall')}</h1>
          <p className="muted">{t('hall_not_found')}</p>
          <Link to="/" className="btn btn--ghost">
            {t('back_home')}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="container hall" data-testid={`game-hall-${gtId}`}>
      <HallHeader type={type} />
      {demoMode && <DemoModeNotice />}
      {providers.length > 0 && provider && (
        <ProviderTabs
          providers={providers}
          value={provider.gp_id}
          onChange={(gp) => {
            const p = new URLSearchParams(params);
            p.set('gp_id', String(gp));
            setParams(p, { replace: true });
          }}
        />
      )}
      {type && providers.length === 0 ? (
        <HallEmpty type={type} />
      ) : (
        <GameGrid games={games.data} loading={types.isPending || games.isPending} onPlay={(g: Game) => void launch(g)} testId="hall-games" />
      )}
    </div>
  );
}
