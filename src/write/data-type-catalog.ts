// The company's data types, as the write checks need them. The API has no data-type query
// (§4.3), so the catalogue is derived from every crew member's profiles[].dataTypes (own and
// inherited global ones): pages are read like any list's (src/tooling/pagination.ts: page 1, then the rest concurrently).
// It is read once (single flight) and kept until invalidated (update_profile_data_types changes
// titles and uniqueIds). Without crew:read, or when the read fails, get() answers null and the
// checks that need it defer to the platform's own answer.
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { ForbiddenError } from '../platform/errors.js';
import type { DataTypeCatalog, KnownDataType } from '../services.js';
import { queryPages } from '../tooling/list-result.js';
import type { UpstreamDataType } from '../views/crew.js';

export const CATALOG_QUERY = `query DataTypeCatalog($input: CompanyCrewAllInput) {
  companyCrewAll(input: $input) {
    paginatedList { profiles { id dataTypes { id uniqueId title type global options { name } } } }
    pager { currentPage pageCount perPage totalCount }
  }
}`;

const PER_PAGE = 100;
/** Bound on pages read (50,000 crew); beyond it the catalogue is what was seen. */
const MAX_PAGES = 500;

interface CatalogCrew {
  profiles: { id: string; dataTypes: Omit<UpstreamDataType, 'answer'>[] }[];
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
          };
          into.set(dataType.id, known);
        }
        if (!known.profileIds.includes(profile.id)) known.profileIds.push(profile.id);
      }
    }
  }
}

export function createDataTypeCatalog(platform: Platform, logger: Logger): DataTypeCatalog {
  let pending: Promise<KnownDataType[] | null> | null = null;
  let generation = 0;

  // Shared by every caller, so no caller's cancellation aborts it.
  async function readAll(): Promise<KnownDataType[]> {
    const crew = await queryPages<CatalogCrew>(
      { platform, signal: new AbortController().signal, progress: async () => undefined },
      CATALOG_QUERY,
      'companyCrewAll',
      { page: 1, perPage: PER_PAGE, allPages: true, maxItems: MAX_PAGES * PER_PAGE },
      (page, perPage) => ({ input: { page, perPage } }),
    );
    const byId = new Map<string, KnownDataType>();
    merge(byId, crew.items);
    return [...byId.values()];
  }

  return {
    get() {
      if (pending) return pending;
      const mine = ++generation;
      const attempt = readAll().catch((error: unknown) => {
        logger.info(
          { reason: error instanceof Error ? error.message : String(error) },
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
