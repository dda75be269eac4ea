// Query keys of the shared server resources, one factory per resource, so a
// feature can refetch or patch another's cached answers without spelling
// their keys. Each level is a prefix of the next: invalidating
// keys.catalogue.games() reaches every game list. Who is asking (visitor or
// member) is never part of a key: such queries carry meta.audience and are
// refetched under the same key at login and logout (lib/query-client).
import { getSiteId } from '@/lib/site-id';
import type { Device } from '@/lib/device';

/** What a catalogue answer depends on besides its own parameters. */
export interface CatalogueScope {
  device: Device;
  currency: string;
}

export const keys = {
  catalogue: {
    all: () => ['catalogue'] as const,
    types: (s: CatalogueScope & { template: string; lang: string }) => ['catalogue', 'types', getSiteId(), s.device, s.currency, s.template, s.lang] as const,
    games: () => ['catalogue', 'games'] as const,
    list: (s: CatalogueScope & { template: string }) => ['catalogue', 'games', 'list', getSiteId(), s.device, s.currency, s.template] as const,
    hot: (s: CatalogueScope & { gtId: number }) => ['catalogue', 'games', 'hot', getSiteId(), s.device, s.currency, s.gtId] as const,
    tag: (s: CatalogueScope & { tag: string; gtId: number }) => ['catalogue', 'games', 'tag', getSiteId(), s.device, s.currency, s.tag, s.gtId] as const,
    templates: (s: CatalogueScope & { lang: string }) => ['catalogue', 'games', 'templates', getSiteId(), s.device, s.currency, s.lang] as const,
    provider: (s: CatalogueScope & { gpId: string; gtId: number; house: number }) => ['catalogue', 'games', 'gp', getSiteId(), s.device, s.currency, s.gpId, s.gtId, s.house] as const,
    label: (s: CatalogueScope & { gpId: string; gtId: number; house: number; lang: string }) =>
      ['catalogue', 'games', 'label', getSiteId(), s.device, s.currency, s.gpId, s.gtId, s.house, s.lang] as const,
  },
  member: {
    /** everything of the member's; removed at logout */
    all: () => ['member'] as const,
    layouts: () => ['member', 'layout'] as const,
    layout: (memberId: string | null) => ['member', 'layout', memberId] as const,
    profiles: () => ['member', 'profile'] as const,
    profile: (memberId: string | null) => ['member', 'profile', memberId] as const,
    lastPlayedAll: () => ['member', 'games', 'last-played'] as const,
    lastPlayed: (memberId: string | null) => ['member', 'games', 'last-played', memberId] as const,
  },
  registerSettings: () => ['register', 'settings', getSiteId()] as const,
  /** the member's money (issue 10): one prefix, so a `cash` event refreshes every money screen */
  wallet: {
    all: () => ['member', 'wallet'] as const,
    myCash: (memberId: string | null) => ['member', 'wallet', 'my-cash', memberId] as const,
    channels: (memberId: string | null, type: 'deposit' | 'withdrawal', lang: string) => ['member', 'wallet', 'channels', memberId, type, lang] as const,
    bankAccounts: (memberId: string | null) => ['member', 'wallet', 'bank-accounts', memberId] as const,
    records: (memberId: string | null, q: object) => ['member', 'wallet', 'records', memberId, q] as const,
    transactions: (memberId: string | null, q: object) => ['member', 'wallet', 'transactions', memberId, q] as const,
    /** promotion bonuses: under the wallet prefix, so a `cash` event refreshes their progress */
    bonuses: (memberId: string | null, lang: string) => ['member', 'wallet', 'bonuses', memberId, lang] as const,
    bonusOffers: (memberId: string | null, pageId: number, lang: string) => ['member', 'wallet', 'bonus-offers', memberId, pageId, lang] as const,
  },
  /** the recommend feature (issue 13); its awards sit under the wallet prefix, so a `cash` event shows a new one */
  referral: {
    feature: (memberId: string | null) => ['member', 'referral', 'feature', memberId] as const,
    project: (memberId: string | null) => ['member', 'referral', 'project', memberId] as const,
    invitees: (memberId: string | null, q: object) => ['member', 'referral', 'invitees', memberId, q] as const,
    records: (memberId: string | null, q: object) => ['member', 'wallet', 'referral-records', memberId, q] as const,
  },
  limits: (memberId: string | null) => ['member', 'limits', memberId] as const,
  exclusion: (memberId: string | null) => ['member', 'exclusion', memberId] as const,
};
