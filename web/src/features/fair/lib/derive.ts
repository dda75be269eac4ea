// The provably fair derivation, ported from internal/engine/rng/fair.go and
// the engines (README "Provably fair"): block k of a round is
// HMAC-SHA256(server seed, `${client}:${nonce}`) for k = 0 and
// HMAC-SHA256(server seed, `${client}:${nonce}:${k}`) after; each block is four
// big-endian 64-bit words. Ranges use Lemire's method with rejection, shoes and
// keno draws a Fisher–Yates shuffle, exactly as the server does, so the same
// seeds and nonce give the same outcome here, computed in the browser.

const MASK = (1n << 64n) - 1n;
const enc = new TextEncoder();

async function hmac(key: string, msg: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(msg)));
}

/** SHA-256 of the seed's text in lower-case hex: the commitment. */
export async function commitment(serverSeed: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(serverSeed)));
  return [...d].map((b) => b.toString(16).padStart(2, '0')).join('');
}

class Exhausted extends Error {}

/** A synchronous word source over precomputed blocks. */
export class Words {
  private i = 0;
  constructor(private readonly words: bigint[]) {}
  uint64(): bigint {
    if (this.i >= this.words.length) throw new Exhausted('more blocks needed');
    return this.words[this.i++];
  }
}

async function words(serverSeed: string, clientSeed: string, nonce: bigint, blocks: number): Promise<bigint[]> {
  const out: bigint[] = [];
  const all = await Promise.all(
    Array.from({ length: blocks }, (_, k) => hmac(serverSeed, k === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${k}`)),
  );
  for (const b of all) {
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    for (let o = 0; o < 32; o += 8) out.push(v.getBigUint64(o, false));
  }
  return out;
}

/**
 * Runs map over the round's stream: with a few blocks first and, if the
 * round reads further (slot free spins), with enough for the longest round.
 */
export async function withStream<T>(serverSeed: string, clientSeed: string, nonce: bigint, map: (src: Words) => T): Promise<T> {
  for (const blocks of [8, 512]) {
    try {
      return map(new Words(await words(serverSeed, clientSeed, nonce, blocks)));
    } catch (e) {
      if (!(e instanceof Exhausted)) throw e;
    }
  }
  throw new Error('round reads beyond 512 blocks');
}

/** A uniform value in [0, n), as rng.Uint64n. */
export function uint64n(src: Words, n: bigint): bigint {
  let p = src.uint64() * n;
  let lo = p & MASK;
  if (lo < n) {
    const thresh = ((1n << 64n) - n) % n;
    while (lo < thresh) {
      p = src.uint64() * n;
      lo = p & MASK;
    }
  }
  return p >> 64n;
}

export function intn(src: Words, n: number): number {
  return Number(uint64n(src, BigInt(n)));
}
