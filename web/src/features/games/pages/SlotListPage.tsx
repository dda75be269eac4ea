import '../components/games.css';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Tabs } from '@/components/ui/Tabs';
import { useDevice } from '@/lib/device-context';
import { DemoModeNotice, GameGrid } from '../components/GameGrid';
import { HallHeader, ProviderTabs } from '../components/Hall';
import type { Game } from '@/api';
import { useEnvConfig } from '@/site';
import { useGameLaunch } from '../hooks/useGameLaunch';
import { ALL_LABEL, useSlotList } from '../hooks/useSlotList';

export function LabelTabs({ list }: { list: ReturnType<typeof useSlotList> }) {
  const { t } = useTranslation();
  if (!list.labels.length) return null;
  const items = [
    { id: ALL_LABEL, label: t('all_label'), testId: 'label-tab-all' },
    ...list.labels.map((l) => ({ id: l.tag, label: l.name || t(`tag_${l.tag}`, { defaultValue: l.tag }), testId: `label-tab-${l.tag}` })),
  ];
  return <Tabs items={items} value={list.label} onChange={(id) => list.select({ label: id })} label={t('game_labels')} variant="underline" testId="label-tabs" />;
}

/** /slotgame: the slot hall, Popular first, then each provider with its label tabs. */
export function SlotListPage() {
  const device = useDevice();
  const { game_room_mode: gameRoomMode, demo_mode: demoMode } = useEnvConfig();
  const { search } = useLocation();
  const list = useSlotList();
  const launch = useGameLaunch();
  if (device === 'desktop' && gameRoomMode && list.gtId === 2) return <Navigate to={`/gameRoom${search}`} replace />;
  return (
    <div className="container hall" data-testid="slot-list">
      <HallHeader type={list.type} />
      {demoMode && <DemoModeNotice />}
      <ProviderTabs providers={list.providers} value={list.gp} onChange={(gp) => list.select({ gp })} popular />
      <LabelTabs list={list} />
      <GameGrid games={list.games} loading={list.loading} onPlay={(g: Game) => void launch(g)} testId="hall-games" />
    </div>
  );
}
