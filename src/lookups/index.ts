// The reads that checks and tools share, one instance per app (one platform client), so that a
// cache filled by one call serves the next. facts.ts reads what a mutation's checker asks for.
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { CrewLookup } from './crew.js';
import { createDataTypeCatalog, type DataTypeCatalog } from './data-types.js';
import { JobLookup } from './jobs.js';

export interface Lookups {
  jobs: JobLookup;
  dataTypes: DataTypeCatalog;
  crew: CrewLookup;
}

export function createLookups(platform: Platform, logger: Logger): Lookups {
  return {
    jobs: new JobLookup(platform),
    dataTypes: createDataTypeCatalog(platform, logger),
    crew: new CrewLookup(platform),
  };
}
