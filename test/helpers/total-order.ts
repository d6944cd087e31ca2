// The checks a comparator must pass to be a total order, for one triple of generated members:
// antisymmetric (the sign flips with the arguments), 0 only for the same member, transitive.
// The sign check compares with ===: a comparator's 0 for a member against itself is +0 both
// ways, and -Math.sign(0) is -0, which Object.is (vitest's toBe) tells apart from +0: that false
// failure, a member drawn twice, was the ranking property's one failure in 26 runs (issue 29).
import { expect } from 'vitest';

export function expectTotalOrder<T>(
  compare: (a: T, b: T) => number,
  idOf: (member: T) => number,
  [a, b, c]: readonly [T, T, T],
): void {
  const [ab, ba] = [compare(a, b), compare(b, a)];
  expect(Math.sign(ab) === -Math.sign(ba), `compare(a, b) = ${ab} but compare(b, a) = ${ba}`).toBe(true);
  if (ab === 0) expect(idOf(a)).toBe(idOf(b));
  if (ab <= 0 && compare(b, c) <= 0) expect(compare(a, c)).toBeLessThanOrEqual(0);
}
