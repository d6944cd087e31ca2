// The sandbox's deterministic demo data. The seed lives in ./seed/ (one module per kind of
// data); this module keeps the old import path working.

export {
  MAX_CREW_COUNT,
  SEED_COMPANY_ID,
  SEED_CREW_COUNT,
  SEED_LEAVER_COUNT,
  type SeedOptions,
  seedStore,
} from './seed/index.js';
export {
  LARGE_EVENT_TITLE,
  MAX_EVENT_PLACES,
  MIN_EVENT_PLACES,
} from './seed/large-event.js';
export { Rng } from './seed/rng.js';
export {
  MAX_SEASON_WEEKS,
  MIN_SEASON_WEEKS,
  SEASON_CREW_COUNT,
  SEASON_UNIQUE_PREFIX,
} from './seed/season.js';
