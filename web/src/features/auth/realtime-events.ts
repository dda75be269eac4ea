// Member events on member.{id} (docs/api.md, spec section 4 "Real-time events").
import { sha256Hex } from '@/lib/sha256';

/** First 16 hex digits of SHA-256(token): what the server publishes with a login. */
export async function tokenFingerprint(token: string): Promise<string> {
  return (await sha256Hex(token)).slice(0, 16);
}

/** A login event from another device: its fingerprint is not our token's. */
export async function isOtherDeviceLogin(ownToken: string | null, fingerprint: unknown): Promise<boolean> {
  if (!ownToken || typeof fingerprint !== 'string' || !fingerprint) return false;
  return (await tokenFingerprint(ownToken)) !== fingerprint.toLowerCase();
}

/** Spec section 9: the real-time check waits 2000 ms after login. */
export const REALTIME_CHECK_MS = 2000;
