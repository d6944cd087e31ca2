// Crew members (a region's names, address and phone, a weighted status, role types, profiles
// and their answers) and leavers (crew who left, reported by the leavers endpoint).

import type { Crew, CrewStatus } from '../store.js';
import { seedAnswer } from './answers.js';
import { asciiName, DAY_MS, HOUR_MS, isoAt, type SeedContext } from './context.js';
import { REGIONS } from './regions.js';

const LEAVE_REASONS = ['Moved away', 'Found full-time work', 'Returned to study', 'Personal reasons', null];

const CREW_STATUS_WEIGHTS: Record<CrewStatus, number> = {
  ACTIVE: 60,
  APPROVED: 14,
  INVITED: 5,
  APPLICANT: 5,
  INACTIVE: 5,
  SUSPENDED: 3,
  WAITING_LIST: 4,
  DELETED: 2,
};

export function seedCrewMember(ctx: SeedContext, profileIds: string[], roleTypeIds: string[]): Crew {
  const { store, rng } = ctx;
  const region = rng.pick(REGIONS);
  const id = store.newCrewId();
  const firstName = rng.pick(region.firstNames);
  const lastName = rng.pick(region.lastNames);
  const place = rng.pick(region.cities);
  const createdMs = ctx.todayMs - rng.int(30, 900) * DAY_MS + rng.int(8, 18) * HOUR_MS;
  const updatedMs = Math.min(ctx.todayMs - HOUR_MS, createdMs + rng.int(0, 400) * DAY_MS);
  const crew: Crew = {
    id,
    companyId: ctx.companyId,
    uniqueId: rng.chance(0.4) ? `EMP-${String(1000 + id)}` : null,
    firstName,
    lastName,
    email: `${asciiName(firstName)}.${asciiName(lastName)}${id}@${rng.pick(['example.com', 'example.net', 'example.org'])}`,
    phone: rng.chance(0.95) ? region.phone(rng) : null,
    status: id === 1 ? 'ACTIVE' : rng.weighted(CREW_STATUS_WEIGHTS),
    address: {
      line1: `${rng.int(1, 240)} ${rng.pick(region.streets)}`,
      line2: rng.chance(0.2) ? `Flat ${rng.int(1, 40)}` : null,
      city: place.city,
      postcode: rng.pick(place.postcodes),
      country: region.country,
    },
    roleTypeIds: rng.sample(roleTypeIds, rng.int(1, 3)),
    profileIds: rng.sample(profileIds, rng.chance(0.55) ? 1 : 2),
    answers: new Map(),
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(updatedMs),
  };
  const seen = new Set<string>();
  for (const profileId of crew.profileIds) {
    for (const dataType of store.profileDataTypes(store.profiles.get(profileId)!)) {
      if (seen.has(dataType.id)) continue;
      seen.add(dataType.id);
      // The first crew member answers everything, so examples always have every kind of answer.
      if (id !== 1 && !rng.chance(0.8)) continue;
      seedAnswer(ctx, crew, dataType, updatedMs);
    }
  }
  store.crew.set(id, crew);
  return crew;
}

export function seedLeaver(ctx: SeedContext): void {
  const { rng } = ctx;
  const region = rng.pick(REGIONS);
  const crewId = ctx.store.newCrewId();
  const firstName = rng.pick(region.firstNames);
  const lastName = rng.pick(region.lastNames);
  ctx.store.leavers.push({
    crewId,
    companyId: ctx.companyId,
    firstName,
    lastName,
    email: `${asciiName(firstName)}.${asciiName(lastName)}${crewId}@example.com`,
    leftAt: isoAt(ctx.todayMs - rng.int(1, 180) * DAY_MS + rng.int(9, 17) * HOUR_MS),
    reason: rng.pick(LEAVE_REASONS),
  });
}
