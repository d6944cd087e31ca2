// The company's data types, as the write checks need them. The API has no data-type query
// (§4.3), so the catalogue is derived from every crew member's profiles[].dataTypes (own and
// inherited global ones). It is read once (single flight) and kept until invalidated
// (update_profile_data_types changes titles and uniqueIds). Without crew:read, or when the read
// fails, get() answers null and the checks that need it defer to the platform's own answer.
import { dataTypeCatalogDocument } from '../contract/documents.js';
import type { UpstreamDataType } from '../contract/upstream.js';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { ForbiddenError } from '../platform/errors.js';
import { describeError } from '../platform/network-cause.js';
import { readAllPages } from '../platform/pages.js';
import type { KnownDataType } from '../rules/data-types.js';

// The catalogue entry is a fact of the rules (src/rules/data-types.ts); its callers read it here.
export type { KnownDataType };

/** The company's data types, read once and cached. */
export interface DataTypeCatalog {
  /** null when the catalogue could not be read (the checks then defer to the platform). */
  get(signal?: AbortSignal): Promise<KnownDataType[] | null>;
  /** Drop the cache, e.g. after updateProfileDataTypes changed titles or uniqueIds. */
  invalidate(): void;
}

/** Bound on crew read (500 pages); beyond it the catalogue is what was seen. */
const MAX_CREW = 50_000;

interface CatalogCrew {
  profiles: { id: string; name: string; dataTypes: Omit<UpstreamDataType, 'answer'>[] }[];
}

function merge(into: Map<string, KnownDataType>, crewList: CatalogCrew[]): void {
  for (const crew of crewList) {
    for (const profile of crew.profiles) {
      for (const dataType of profile.dataTypes) {
        let known = into.get(dataType.id);
        if (!known) {
          known = {
            id: dataType.id,
            uniqueId: dataType.uniqueId ?? null,
            title: dataType.title,
            type: dataType.type,
            global: dataType.global,
            options: (dataType.options ?? []).map((option) => option.name),
            profileIds: [],
            profiles: [],
          };
          into.set(dataType.id, known);
        }
        if (!known.profileIds.includes(profile.id)) {
          known.profileIds.push(profile.id);
          known.profiles.push({ id: profile.id, name: profile.name });
        }
      }
    }
  }
}

export function createDataTypeCatalog(platform: Platform, logger: Logger): DataTypeCatalog {
  let pending: Promise<KnownDataType[] | null> | null = null;
  let generation = 0;

  // Shared by every caller, so no caller's cancellation aborts it.
  async function readAll(): Promise<KnownDataType[]> {
    const { items } = await readAllPages<CatalogCrew>(
      platform.graphql,
      dataTypeCatalogDocument,
      'companyCrewAll',
      (page, perPage) => ({ input: { page, perPage } }),
      { maxItems: MAX_CREW },
    );
    const byId = new Map<string, KnownDataType>();
    merge(byId, items);
    return [...byId.values()];
  }

  return {
    get() {
      if (pending) return pending;
      const mine = ++generation;
      const attempt = readAll().catch((error: unknown) => {
        logger.info(
          { reason: describeError(error) },
          'data type catalogue unavailable: dataType checks defer to the platform',
        );
        // A missing scope will not change while the server runs; other failures may pass.
        if (!(error instanceof ForbiddenError) && generation === mine) pending = null;
        return null;
      });
      pending = attempt;
      return attempt;
    },
    invalidate() {
      generation++;
      pending = null;
    },
  };
}
