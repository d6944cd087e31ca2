// GraphQL documents. Shared fragments and the read documents that several parts of the product
// send (tools, lookups, resources) live in src/contract/graphql/; a tool's own operation lives
// beside it (tools/<tool>.graphql) and is loaded by the tool with loadDocument(new URL(...)).
// A document gets exactly the fragments it spreads, transitively (an unused fragment would make
// the document invalid).
import { readdirSync } from 'node:fs';
import { Kind, parse, print } from 'graphql';
import { readText } from './files.js';

const GRAPHQL_DIR = new URL('./graphql/', import.meta.url);

let fragmentIndex: Map<string, string> | null = null;

/** The fragment index as scripts/bundle-cli.mjs read it from graphql/ (builtFragments), as JSON. */
declare const CREW_MCP_BUILT_FRAGMENTS: string | undefined;

function fragments(): Map<string, string> {
  if (fragmentIndex) return fragmentIndex;
  // The bundle carries the index the build read: a start then reads and parses no fragment file.
  if (typeof CREW_MCP_BUILT_FRAGMENTS === 'string') {
    fragmentIndex = new Map(JSON.parse(CREW_MCP_BUILT_FRAGMENTS) as [string, string][]);
    return fragmentIndex;
  }
  fragmentIndex = new Map();
  for (const file of readdirSync(GRAPHQL_DIR).filter((name) => name.endsWith('.graphql'))) {
    for (const definition of parse(readText(new URL(file, GRAPHQL_DIR))).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragmentIndex.set(definition.name.value, print(definition));
    }
  }
  return fragmentIndex;
}

/** The shared fragments by name, as JSON: what the bundle carries (CREW_MCP_BUILT_FRAGMENTS). */
export function builtFragments(): string {
  return JSON.stringify([...fragments()]);
}

/** Each document made here, by its text: its own operation, then each shared fragment it spreads. */
const partsByDocument = new Map<string, readonly string[]>();

/** `own` (one operation) with the shared fragments it spreads appended. */
export function withFragments(own: string): string {
  const included = new Set<string>();
  const parts = [own];
  const pending = [own];
  while (pending.length > 0) {
    const text = pending.pop() as string;
    for (const match of text.matchAll(/\.\.\.\s*([_A-Za-z]\w*)/g)) {
      const fragmentName = match[1] as string;
      const source = fragments().get(fragmentName);
      if (!source || included.has(fragmentName)) continue;
      included.add(fragmentName);
      parts.push(source);
      pending.push(source);
    }
  }
  const document = parts.join('\n');
  partsByDocument.set(document, parts);
  return document;
}

/**
 * The texts a document made by withFragments was joined from (its operation, its fragments), so
 * that many documents can be checked at once over what they share (live-schema.ts); undefined
 * for a text made elsewhere.
 */
export function partsOf(document: string): readonly string[] | undefined {
  return partsByDocument.get(document);
}

/** The operation in the .graphql file at `url`, with its fragments. */
export function loadDocument(url: URL): string {
  return withFragments(readText(url));
}

const contractDocument = (name: string) => loadDocument(new URL(`${name}.graphql`, GRAPHQL_DIR));

/** Jobs with roles, requirements and crew-job statuses (JobFields), paginated. */
export const companyJobsDocument = contractDocument('company-jobs');
/** A light job index (no roles): boards, dates, multi-day ids. */
export const jobIndexDocument = contractDocument('job-index');
/** Crew summaries (CrewSummary), paginated. */
export const crewAllDocument = contractDocument('crew-all');
/** One crew member with every profile, data type and answer (CrewProfileFields). */
export const crewOneDocument = contractDocument('crew-one');
/** Crew jobs (assignments) with crew, role times and job, paginated. */
export const companyCrewJobsDocument = contractDocument('company-crew-jobs');
/** The company's data types as crew profiles carry them (DataTypeDefinition), paginated. */
export const dataTypeCatalogDocument = contractDocument('data-type-catalog');
/** Crew with role types, profile ids and verified options only, paginated (matching). */
export const crewMatchingDocument = contractDocument('crew-matching');
/** Crew with role types, profile ids and verified options, no chosen options or scores, paginated (plans). */
export const crewPlanningDocument = contractDocument('crew-planning');
/** Crew jobs overlapping a time window: crew, status, job and role instants, paginated (availability). */
export const crewJobsWindowDocument = contractDocument('crew-jobs-window');
/** Crew jobs of a range with crew status, role instants, break and requirements, and the job's zone (schedule review). */
export const crewScheduleDocument = contractDocument('crew-schedule');

/** The shared read documents, which lookups and resources send besides the tools. */
export const sharedDocuments: readonly string[] = [
  companyJobsDocument,
  jobIndexDocument,
  crewAllDocument,
  crewOneDocument,
  companyCrewJobsDocument,
  dataTypeCatalogDocument,
  crewMatchingDocument,
  crewPlanningDocument,
  crewJobsWindowDocument,
  crewScheduleDocument,
];
