import { commitment, withStream } from './derive';
import { outcomeOf, type FairGame, type FairOutcome } from './games';

export interface Verification {
  outcome: FairOutcome;
  /** SHA-256 of the server seed */
  hash: string;
  /** whether hash equals the given commitment (undefined: none given) */
  matches?: boolean;
}

/** Recomputes a round in the browser from its seeds and nonce. */
export async function verify(game: FairGame, serverSeed: string, clientSeed: string, nonce: bigint, expectedCommitment?: string): Promise<Verification> {
  const outcome = await withStream(serverSeed, clientSeed, nonce, (src) => outcomeOf(game, src));
  const hash = await commitment(serverSeed);
  const c = expectedCommitment?.trim().toLowerCase();
  return { outcome, hash, matches: c ? c === hash : undefined };
}
