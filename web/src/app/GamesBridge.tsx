import { useMemo, type ReactNode } from 'react';
import { GamesProvider } from '@/features/games';
import { useEnvConfig, useSiteCurrency } from '@/features/site';
import { variantName } from '@/templates/mobile/variants';
import { useDevice } from '@/lib/device-context';

/** Gives the games feature (lists, halls, launch) what it needs from the site, composed here. */
export function GamesBridge({ children }: { children: ReactNode }) {
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  const device = useDevice();
  const config = useMemo(
    () => ({
      currency: currency.code,
      demoMode: env.demo_mode,
      gameRoomMode: env.game_room_mode,
      template: device === 'desktop' ? env.desktop_template : variantName(env.mobile_template),
      timeZone: env.time_zone || 'America/Caracas',
      customerServiceUrl: env.customer_service_url,
    }),
    [currency.code, env, device],
  );
  return <GamesProvider config={config}>{children}</GamesProvider>;
}
