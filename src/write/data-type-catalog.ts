// The company's data types, as the write checks need them. The API has no data-type query
// (§4.3), so the catalogue is derived from every crew member's profiles[].dataTypes (own and
// inherited global ones): page 1 tells the page count, the other pages are read concurrently.
// It is read once (single flight) and kept until invalidated (update_profile_data_types changes
// titles and uniqueIds). Without crew:read, or when the read fails, get() answers null and the
// checks that need it defer to the platform's own answer.
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { ForbiddenError } from '../platform/errors.js';
import type { DataTypeCatalog, KnownDataType } from '../services.js';

export const CATALOG_QUERY = `query DataTypeCatalog($input: CompanyCrewAllInput) {
  companyCrewAll(input: $input) {
    paginatedList { profiles { id dataTypes { id uniqueId title type global options { name } } } }
    pager { currentPage pageCount perPage totalCount }
  }
}`;

const PER_PAGE = 100;
const CONCURRENT_PAGES = 4;
/** Bound on pages read (50,000 crew); beyond it the catalogue is what was seen. */
const MAX_PAGES = 500;

interface CatalogPage {
  companyCrewAll: {
    paginatedList: {
      profiles: {
        id: string;
        dataTypes: {
          id: string;
          uniqueId?: string | null;
          title: string;
          type: string;
          global: boolean;
          options?: { name: string }[] | null;
        }[];
      }[];
    }[];
    pager?: { pageCount: number } | null;
  };
}

function merge(into: Map<string, KnownDataType>, page: CatalogPage): void {
  for (const crew of page.companyCrewAll.paginatedList) {
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
    const fetchPage = (page: number) =>
      platform.graphql.query<CatalogPage>(CATALOG_QUERY, { input: { page, perPage: PER_PAGE } });
    const byId = new Map<string, KnownDataType>();
    const first = await fetchPage(1);
    merge(byId, first);
    const pageCount = Math.min(first.companyCrewAll.pager?.pageCount ?? 1, MAX_PAGES);
    const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => index + 2);
    for (let start = 0; start < rest.length; start += CONCURRENT_PAGES) {
      const pages = await Promise.all(rest.slice(start, start + CONCURRENT_PAGES).map(fetchPage));
      for (const page of pages) merge(byId, page);
    }
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
