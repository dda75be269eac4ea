import { local, session } from '@/lib/storage';
import type { Bulletin, DisplayFrequency } from './types';

/** sessionStorage: when the pop-up was closed in this browser session, and what it showed. */
export const BULLETIN_CLOSED_KEY = 'bulletin_closed';
/** localStorage: a visitor closed a show-once pop-up (members are hidden by the server). */
export const BULLETIN_CLOSED_ONCE_KEY = 'bulletin_closed_once';

interface CloseMark {
  at: number;
  sig: string;
}

/**
 * What was on show. A close only covers these bulletins: a new or edited one
 * makes the pop-up come back. Comparing ids and edit times (not the close time
 * against updated_at) keeps client clock skew out of the decision.
 */
export function bulletinSignature(list: readonly Bulletin[]): string {
  return list
    .map((b) => `${b.id}@${b.updated_at}`)
    .sort()
    .join(',');
}

function readMark(raw: string | null): CloseMark | undefined {
  try {
    const m = JSON.parse(raw ?? 'null') as CloseMark | null;
    return m && typeof m.sig === 'string' ? m : undefined;
  } catch {
    return undefined;
  }
}

export interface ShowInput {
  frequency: DisplayFrequency | number;
  list: readonly Bulletin[];
  closedInSession?: string;
  closedOnce?: string;
}

export function shouldShowBulletin({ frequency, list, closedInSession, closedOnce }: ShowInput): boolean {
  if (!list.length) return false;
  const sig = bulletinSignature(list);
  const closed = (m: string | undefined) => m !== undefined && m === sig;
  switch (frequency) {
    case 2:
      return true;
    case 0:
      return !closed(closedInSession) && !closed(closedOnce);
    default:
      return !closed(closedInSession);
  }
}

export function shouldShowStored(frequency: DisplayFrequency, list: readonly Bulletin[]): boolean {
  return shouldShowBulletin({
    frequency,
    list,
    closedInSession: readMark(session.get(BULLETIN_CLOSED_KEY))?.sig,
    closedOnce: readMark(local.get(BULLETIN_CLOSED_ONCE_KEY))?.sig,
  });
}

export function rememberBulletinClose(frequency: DisplayFrequency, list: readonly Bulletin[], now = Date.now()): void {
  const mark = JSON.stringify({ at: now, sig: bulletinSignature(list) } satisfies CloseMark);
  session.set(BULLETIN_CLOSED_KEY, mark);
  if (frequency === 0) local.set(BULLETIN_CLOSED_ONCE_KEY, mark);
}
