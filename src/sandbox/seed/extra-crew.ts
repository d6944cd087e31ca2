// Extra crew for scale runs (SandboxOptions.crewCount): members generated AFTER the default seed,
// from a PRNG of their own, so the default data (every id, name, answer and date) stays exactly
// as it is and only new crew ids follow it. They get profiles, role types and answers like the
// seeded crew, and no crew jobs (the seeded roles' assignments stay as they are).

import type { SeedContext } from './context.js';
import { seedCrewMember } from './crew.js';
import { Rng } from './rng.js';

/** Mixed into the seed so the extra crew's draws never repeat the default seed's. */
const EXTRA_CREW_SALT = 0x5eed_c0de;

export function seedExtraCrew(ctx: SeedContext, seed: number, count: number): void {
  const extra: SeedContext = { ...ctx, rng: new Rng((seed ^ EXTRA_CREW_SALT) >>> 0) };
  const profileIds = [...ctx.store.profiles.keys()];
  const roleTypeIds = [...ctx.store.roleTypes.keys()];
  for (let i = 0; i < count; i++) seedCrewMember(extra, profileIds, roleTypeIds);
}
