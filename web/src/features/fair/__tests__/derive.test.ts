import { describe, expect, it } from 'vitest';
import { withStream } from '../lib/derive';
import { outcomeOf, summary } from '../lib/games';
import { verify } from '../lib/verify';

// The known-answer vectors of internal/provider/house/fair_test.go.
const SERVER = '7f1c3d0e9a8b4c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d';
const CLIENT = 'gamehall';

describe('provably fair derivation', () => {
  it('keno draws the vector', async () => {
    const o = await withStream(SERVER, CLIENT, 42n, (s) => outcomeOf('keno', s));
    expect(o.game === 'keno' && o.drawn).toEqual([47, 43, 31, 44, 32, 3, 27, 76, 79, 30, 45, 13, 11, 56, 49, 2, 17, 33, 52, 18]);
  });
  it('baccarat deals the vector', async () => {
    const o = await withStream(SERVER, CLIENT, 42n, (s) => outcomeOf('baccarat', s));
    expect(o.game === 'baccarat' && o.hand).toMatchObject({ player: ['TD', 'JC'], banker: ['9S', 'QS'], winner: 'banker', bankerTotal: 9 });
  });
  it('slot spins the vectors, free spins included', async () => {
    const a = await withStream(SERVER, CLIENT, 42n, (s) => outcomeOf('slot', s));
    expect(a.game === 'slot' && [a.slot.base.stops, a.slot.win]).toEqual([[17, 15, 11, 15, 10], 0]);
    const b = await withStream(SERVER, CLIENT, 273n, (s) => outcomeOf('slot', s));
    if (b.game !== 'slot') throw new Error('slot');
    expect(b.slot.base.stops).toEqual([9, 11, 15, 7, 28]);
    expect(b.slot.free).toHaveLength(8);
    expect(b.slot.free[0].stops).toEqual([27, 22, 25, 16, 9]);
    expect(b.slot.free[7].stops).toEqual([24, 16, 11, 17, 23]);
    expect(b.slot.win).toBe(577);
    expect(summary(b).split(' ')).toHaveLength(9);
  });
  it('checks the seed against the commitment', async () => {
    const v = await verify('keno', 'abc', 'x', 0n, 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD');
    expect(v.matches).toBe(true);
    expect((await verify('keno', 'abd', 'x', 0n, v.hash)).matches).toBe(false);
    expect((await verify('keno', 'abc', 'x', 0n)).matches).toBeUndefined();
  });
});
