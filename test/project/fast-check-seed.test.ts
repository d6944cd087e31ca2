// The property tests' seed (test/helpers/fast-check-setup.ts): FC_SEED read and checked in one
// place, applied to every property without a seed of its own, and named by every failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastCheckSeed } from '../helpers/fast-check-setup.js';

describe('FC_SEED', () => {
  it('reads an integer, and nothing when unset or empty', () => {
    expect(fastCheckSeed({ FC_SEED: '42' })).toBe(42);
    expect(fastCheckSeed({ FC_SEED: ' -1730 ' })).toBe(-1730);
    expect(fastCheckSeed({})).toBeUndefined();
    expect(fastCheckSeed({ FC_SEED: '' })).toBeUndefined();
  });

  it('refuses what is not a 32-bit integer, naming the variable and the value', () => {
    for (const value of ['abc', '1.5', '1e3', '4294967296'])
      expect(() => fastCheckSeed({ FC_SEED: value })).toThrow(
        `FC_SEED must be a 32-bit integer such as 42 (got "${value}")`,
      );
  });

  it('is the global seed of this run when set', () => {
    expect(fc.readConfigureGlobal().seed).toBe(fastCheckSeed(process.env));
  });

  it("names a failing property's seed and path in its error, so that the run can be replayed", () => {
    let message = '';
    try {
      fc.assert(fc.property(fc.integer(), (value) => value < 1000));
    } catch (error) {
      message = String(error);
    }
    const seed = /\{ seed: (-?\d+), path: "([\d:]+)"/.exec(message);
    expect(seed, message).not.toBeNull();
    // The seed and path it names replay the same counterexample.
    const replay = fc.check(
      fc.property(fc.integer(), (value) => value < 1000),
      {
        seed: Number(seed![1]),
        path: seed![2],
      },
    );
    expect(replay.counterexample).toEqual([1000]);
  });
});
