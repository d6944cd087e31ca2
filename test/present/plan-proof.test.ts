// The words a plan's answer uses for how far it is proven (src/present/plan.ts proofWords): an
// unproven plan names the objectives proven before the time limit and how close the stopped one
// came, never a "gap 0.0%" that reads as proven.
import { describe, expect, it } from 'vitest';
import { proofWords } from '../../src/present/plan.js';

const objective = [
  'most places filled',
  'most filled by crew who applied, were invited or shortlisted',
  'least maximum hours per person',
];
const totals = { placesOpen: 10, placesFilled: 9, solveMs: 3000 };

describe('proofWords', () => {
  it('says optimal when every stage is proven', () => {
    expect(proofWords({ ...totals, status: 'optimal', gap: 0 }, objective)).toBe('optimal (proven)');
  });

  it('names the proven stages and the stopped one with its gap', () => {
    const words = proofWords({ ...totals, status: 'feasible', gap: 0.12, unproven: objective[2] }, objective);
    expect(words).toBe(
      'best found in the time limit: most places filled, most filled by crew who applied, were invited or shortlisted proven; least maximum hours per person within 12.0% of the best possible',
    );
  });

  it('says no bound was proven rather than a gap of 100% when the stopped stage has none', () => {
    const words = proofWords({ ...totals, status: 'feasible', unproven: objective[1] }, objective);
    expect(words).toBe(
      'best found in the time limit: most places filled proven; most filled by crew who applied, were invited or shortlisted not proven (no bound proven on it in the time limit)',
    );
    expect(words).not.toMatch(/%/);
  });

  it('never reads as proven: a gap under a tenth of a percent is "within 0.1%"', () => {
    const words = proofWords(
      { ...totals, status: 'feasible', gap: 0.0004, unproven: objective[0] },
      objective,
    );
    expect(words).toBe('best found in the time limit: most places filled within 0.1% of the best possible');
    expect(words).not.toMatch(/0\.0%/);
  });
});
