// The crew member an update names, with every profile and data type (own and inherited), as the
// answer checks of updateCompanyCrew need it. By id, one companyCrewOne; by email, a search and
// then companyCrewOne for the member whose email matches exactly.
import { crewAllDocument, crewOneDocument } from '../contract/documents.js';
import type { UpstreamCrewProfile, UpstreamCrewSummary } from '../contract/upstream.js';
import type { Platform } from '../platform/client.js';
import { NotFoundError } from '../platform/errors.js';

export interface CrewRef {
  crewId?: number;
  crewEmail?: string;
}

export class CrewLookup {
  constructor(private readonly platform: Platform) {}

  /** The crew member, or undefined when there is none. Other failures (a missing scope) are thrown. */
  async member(ref: CrewRef, signal?: AbortSignal): Promise<UpstreamCrewProfile | undefined> {
    return readCrewMember(this.platform, ref, signal);
  }
}

async function readCrewMember(
  platform: Platform,
  ref: CrewRef,
  signal?: AbortSignal,
): Promise<UpstreamCrewProfile | undefined> {
  let crewId = ref.crewId;
  if (crewId === undefined && ref.crewEmail !== undefined) {
    const email = ref.crewEmail.trim().toLowerCase();
    const data = await platform.graphql.query<{ companyCrewAll: { paginatedList: UpstreamCrewSummary[] } }>(
      crewAllDocument,
      { input: { filter: { search: email }, page: 1, perPage: 100 } },
      { signal },
    );
    crewId = data.companyCrewAll.paginatedList.find((member) => member.email.toLowerCase() === email)?.id;
  }
  if (crewId === undefined) return undefined;
  try {
    const data = await platform.graphql.query<{ companyCrewOne: UpstreamCrewProfile }>(
      crewOneDocument,
      { crewId },
      { signal },
    );
    return data.companyCrewOne;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Which of these crew ids the platform does not have (one crewAll read filtered by id). */
export async function unknownCrewIds(
  platform: Platform,
  crewIds: readonly number[],
  signal?: AbortSignal,
): Promise<number[]> {
  const data = await platform.graphql.query<{ companyCrewAll: { paginatedList: UpstreamCrewSummary[] } }>(
    crewAllDocument,
    { input: { filter: { crewIds: [...crewIds] }, page: 1, perPage: 100 } },
    { signal },
  );
  const known = new Set(data.companyCrewAll.paginatedList.map((member) => Number(member.id)));
  return crewIds.filter((id) => !known.has(id));
}
