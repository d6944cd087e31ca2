// The sandbox platform's data layer, as the HTTP layer sees it (SandboxData in types.ts): a
// seeded store, the GraphQL executor, committed-change events, files for REST uploads, and the
// crew job changes that on a live platform only its own apps make.

import { changeCrewJob } from './crew-job-change.js';
import { createSandboxGraphql } from './graphql/executor.js';
import { presentCrew } from './graphql/present-crew.js';
import { findProfileDataType } from './graphql/rules/answers.js';
import type { SchemaVariant } from './graphql/schema-variant.js';
import { seedStore } from './seed.js';
import { type Crew, SandboxStore } from './store.js';
import type {
  CrewDataTypeRef,
  EventListener,
  EventType,
  PlatformEvent,
  SandboxData,
  StoredFile,
} from './types.js';

export interface SandboxDataOptions {
  /** "Today" (YYYY-MM-DD): jobs are seeded over the 60 days around it. */
  today: string;
  /** Seed of the PRNG: the same seed and today give identical data. */
  seed: number;
  /** Crew in the company (default and minimum: the seed's 260); see SeedOptions.crewCount. */
  crewCount?: number;
  /** Open places of a generated three-day event; see SeedOptions.eventPlaces. */
  eventPlaces?: number;
  /** Weeks of a generated busy season; see SeedOptions.season. */
  season?: number;
  /** The clock for timestamps written by mutations; defaults to the real time. */
  clock?: () => Date;
  /** Serve a schema that differs from the contract (tests of schema tolerance). */
  schemaVariant?: SchemaVariant;
}

export function createSandboxData(options: SandboxDataOptions): SandboxData {
  const store = new SandboxStore(monotonic(options.clock ?? (() => new Date())));
  seedStore(store, {
    today: options.today,
    seed: options.seed,
    crewCount: options.crewCount,
    eventPlaces: options.eventPlaces,
    season: options.season,
  });
  const listeners = new Set<EventListener>();
  let eventCount = 0;

  const publish = (companyId: string, type: EventType, data: Record<string, unknown>): void => {
    eventCount += 1;
    const event: PlatformEvent = {
      id: `evt_${String(eventCount).padStart(6, '0')}`,
      type,
      createdAt: store.nowIso(),
      data,
      companyId,
    };
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // A failing listener (e.g. a webhook queue) must not undo or block a committed change.
        console.error('sandbox event listener failed', error);
      }
    }
  };

  /** The crew member's profile and data type with this id or uniqueId (own or inherited). */
  const crewDataType = (crew: Crew, ref: { id?: string; uniqueId?: string }): CrewDataTypeRef | null => {
    for (const profileId of crew.profileIds) {
      const profile = store.profiles.get(profileId);
      const dataType = profile && findProfileDataType(store, profile, ref);
      if (profile && dataType) {
        return { id: dataType.id, uniqueId: dataType.uniqueId, type: dataType.type, profileId: profile.id };
      }
    }
    return null;
  };

  return {
    graphql: createSandboxGraphql(store, publish, options.schemaVariant),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasCrew(companyId, crewId) {
      const crew = store.crewOf(companyId, crewId);
      return crew !== undefined && crew.status !== 'DELETED';
    },
    findCrewDataType(companyId, crewId, ref) {
      const crew = store.crewOf(companyId, crewId);
      return crew ? crewDataType(crew, ref) : null;
    },
    addFile(companyId, file) {
      const crew = store.crewOf(companyId, file.crewId);
      if (!crew) throw new Error(`no crew member ${file.crewId} in company ${companyId}`);
      const dataType = file.dataTypeId ? crewDataType(crew, { id: file.dataTypeId }) : null;
      if (file.dataTypeId && dataType?.type !== 'FILE') {
        throw new Error(`data type ${file.dataTypeId} is not a FILE data type of crew member ${crew.id}`);
      }
      const now = store.nowIso();
      const stored: StoredFile = { ...file, id: store.newFileId(), createdAt: now };
      store.files.set(stored.id, stored);
      if (dataType) {
        crew.answers.set(dataType.id, {
          value: stored.name,
          optionNames: [],
          verifiedOptionNames: [],
          score: null,
          updatedAt: now,
        });
        crew.updatedAt = now;
        publish(companyId, 'crew.updated', presentCrew(store, crew));
      }
      return stored;
    },
    listFiles(companyId, crewId) {
      if (!store.crewOf(companyId, crewId)) return [];
      return [...store.files.values()].filter((f) => f.crewId === crewId);
    },
    getFile(companyId, fileId) {
      const file = store.files.get(fileId);
      return file && store.crewOf(companyId, file.crewId) ? file : null;
    },
    updateCrewJob(companyId, crewJobId, change) {
      const result = changeCrewJob(store, companyId, crewJobId, change);
      if (result.ok) publish(companyId, 'crew_job.updated', { ...result.crewJob });
      return result;
    },
  };
}

/** Timestamps never go backwards, so updatedSince filters see every later change. */
function monotonic(clock: () => Date): () => Date {
  let last = 0;
  return () => {
    last = Math.max(last + 1, clock().getTime());
    return new Date(last);
  };
}
