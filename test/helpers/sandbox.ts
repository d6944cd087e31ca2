// Test access to the embedded sandbox over real HTTP: start one on a free loopback port, fetch
// tokens from its token endpoint, and send GraphQL with a Bearer token.
import { silentLogger } from '../../src/logger.js';
import { createPlatform, type Platform } from '../../src/platform/client.js';
import { LARGE_EVENT_TITLE } from '../../src/sandbox/seed.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { generateSigningKeys, type SigningKeyPair } from '../../src/sandbox/signing-keys.js';
import type {
  LoggedRequest,
  RunningSandbox,
  SandboxOptions,
  SchemaVariant,
} from '../../src/sandbox/types.js';

/** The fixed "today" of test sandboxes, so seeded dates never drift. */
export const TEST_TODAY = '2026-11-21';

/**
 * The app's clock in tests (AppOptions.now; connectInProcess's default): stopped at noon UTC of
 * TEST_TODAY, the same date in every zone of the seed's boards, so that what a tool defaults to
 * (list_jobs from today, find_open_roles from now, the boards of the window around today) is the
 * same part of the seed, to the millisecond, on every date and at every hour the suite runs.
 * Stopped: the app's kept reads never age out by it (a test of their age moves a clock of its
 * own), nor do its tokens, which the sandbox issues for 12 hours.
 */
export const TEST_NOW = Date.parse(`${TEST_TODAY}T12:00:00Z`);
export const testClock = (): number => TEST_NOW;

let sharedKeys: Promise<SigningKeyPair> | undefined;

/**
 * A sandbox on a free loopback port with the test "today". Test sandboxes of one worker sign with
 * one key pair (generating one is 80 to 210 ms of CPU, and a file may start a sandbox per test);
 * each still has its own issuer URL and kid. A test about the product's own key per instance
 * passes `ownKeys: true` for the sandbox's default, a fresh pair.
 */
export function startTestSandbox(
  options: SandboxOptions & { ownKeys?: boolean } = {},
): Promise<RunningSandbox> {
  const { ownKeys, ...rest } = options;
  if (!ownKeys && !rest.signingKeys) sharedKeys ??= generateSigningKeys();
  const signingKeys = ownKeys ? undefined : (rest.signingKeys ?? sharedKeys);
  return startSandbox({ host: '127.0.0.1', port: 0, today: TEST_TODAY, ...rest, signingKeys });
}

/** Where a sandbox listens and its keys: all a client needs, whichever process runs it. */
export type SandboxAddress = Pick<RunningSandbox, 'baseUrl' | 'authUrl' | 'realm' | 'tokenUrl' | 'keys'>;

/** Token per sandbox and client id, so a suite does not hit the token endpoint on every call. */
const tokenCache = new WeakMap<RunningSandbox, Map<string, string>>();

/** A fresh access token from the sandbox's token endpoint (raw fetch, form-encoded). */
export async function fetchToken(sb: SandboxAddress, clientId = 'demo-admin'): Promise<string> {
  const key = sb.keys.find((candidate) => candidate.clientId === clientId);
  if (!key) throw new Error(`No API key ${clientId} in this sandbox.`);
  const response = await fetch(sb.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: key.clientSecret,
    }),
  });
  if (response.status !== 200) throw new Error(`Token request failed with HTTP ${response.status}.`);
  return (await readJson(response)).access_token;
}

async function cachedToken(sb: RunningSandbox, clientId: string): Promise<string> {
  let perClient = tokenCache.get(sb);
  if (!perClient) {
    perClient = new Map();
    tokenCache.set(sb, perClient);
  }
  const cached = perClient.get(clientId);
  if (cached) return cached;
  const token = await fetchToken(sb, clientId);
  perClient.set(clientId, token);
  return token;
}

export interface GqlOptions {
  /** API key to call as; default demo-admin. */
  clientId?: string;
  /** Use this token instead of one from the cache. */
  token?: string;
  operationName?: string;
}

/** A parsed JSON answer; tests read arbitrary shapes from it. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the shape instead of declaring it.
export type Json = any;

/** The JSON body of a fetch response, typed loosely for assertions. */
export function readJson(response: Response): Promise<Json> {
  return response.json() as Promise<Json>;
}

export interface GqlAnswer {
  status: number;
  /** The parsed JSON body, or null when the answer was not JSON. */
  body: Json;
}

/** POST a GraphQL request to `${baseUrl}/gql` with a Bearer token of `opts.clientId` (default demo-admin). */
export async function gql(
  sb: RunningSandbox,
  query: string,
  variables?: Record<string, unknown>,
  opts: GqlOptions = {},
): Promise<GqlAnswer> {
  const token = opts.token ?? (await cachedToken(sb, opts.clientId ?? 'demo-admin'));
  const response = await fetch(`${sb.baseUrl}/gql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables, operationName: opts.operationName }),
  });
  const text = await response.text();
  return { status: response.status, body: parseOrNull(text) };
}

/** An authorized REST call; JSON bodies are sent as JSON, FormData as multipart. */
export async function rest(
  sb: RunningSandbox,
  method: string,
  path: string,
  opts: { clientId?: string; token?: string; json?: unknown; form?: FormData } = {},
): Promise<GqlAnswer & { headers: Headers }> {
  const token = opts.token ?? (await cachedToken(sb, opts.clientId ?? 'demo-admin'));
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const response = await fetch(`${sb.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parseOrNull(text) };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A seeded crew member with a FILE data type (and one of another type), for upload tests. */
export interface UploadTarget {
  crewId: number;
  fileDataType: { id: string; uniqueId: string | null };
  otherDataTypeId: string;
}

export async function findUploadTarget(sb: RunningSandbox): Promise<UploadTarget> {
  const answer = await gql(
    sb,
    '{ companyCrewAll(input: { perPage: 100 }) { paginatedList { id profiles { dataTypes { id uniqueId type } } } } }',
  );
  const crew: Json[] = answer.body?.data?.companyCrewAll?.paginatedList ?? [];
  const dataTypesOf = (member: Json): Json[] => member.profiles.flatMap((profile: Json) => profile.dataTypes);
  const member = crew.find(
    (m) => dataTypesOf(m).some((dt) => dt.type === 'FILE') && dataTypesOf(m).some((dt) => dt.type !== 'FILE'),
  );
  if (!member) throw new Error('The seed has no crew member with a FILE data type.');
  const file = dataTypesOf(member).find((dt) => dt.type === 'FILE')!;
  return {
    crewId: member.id,
    fileDataType: { id: file.id, uniqueId: file.uniqueId ?? null },
    otherDataTypeId: dataTypesOf(member).find((dt) => dt.type !== 'FILE')!.id,
  };
}

/**
 * What reached the sandbox while `run` ran: the GraphQL operations with their variables and the
 * REST calls, in order. A tool test asserts with it what the tool sent upstream (or that
 * nothing was sent). Calls made concurrently by other code in the same sandbox show up too.
 */
export async function requestsDuring<T>(
  sb: RunningSandbox,
  run: () => Promise<T>,
): Promise<{ result: T; sent: LoggedRequest[] }> {
  const before = sb.stats.requests.length;
  const marker = sb.stats.requests.at(-1);
  const result = await run();
  // The log is bounded: when it was trimmed meanwhile, find where `run` began by the last entry seen.
  const start = marker ? sb.stats.requests.lastIndexOf(marker) + 1 : before;
  return { result, sent: sb.stats.requests.slice(Math.max(0, start)) };
}

/**
 * Every item of a paginated root field (`companyCrewAll`, `companyJobs`, ...), read page by page
 * over GraphQL as demo-admin: a test's own view of the platform, independent of the product.
 */
/** The multi-day job id of the generated large event (`eventPlaces`), read as a client would. */
export async function largeEventId(sb: RunningSandbox): Promise<string> {
  const index = await gqlEveryPage(sb, 'companyJobs', 'id title multiDayJobId');
  const id = index.find((job) => job.title === LARGE_EVENT_TITLE)?.multiDayJobId;
  if (!id) throw new Error(`No "${LARGE_EVENT_TITLE}" in this sandbox: start it with eventPlaces.`);
  return String(id);
}

export async function gqlEveryPage(sb: RunningSandbox, field: string, selection: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; page <= 1000; page++) {
    const answer = await gql(
      sb,
      `query($page: Int) { ${field}(input: { page: $page, perPage: 100 }) { pager { pageCount } paginatedList { ${selection} } } }`,
      { page },
    );
    if (answer.body?.errors) throw new Error(`${field}: ${JSON.stringify(answer.body.errors)}`);
    const list = answer.body.data[field];
    items.push(...list.paginatedList);
    if (page >= list.pager.pageCount) return items;
  }
  throw new Error(`${field}: more than 1000 pages`);
}

/**
 * A sandbox schema that differs from our model the way a live platform's may: Job.location is
 * served as Job.venue, the companyLeavers query is missing, CrewJobStatus has an extra value.
 */
export const DIFFERING_SCHEMA: SchemaVariant = {
  renameFields: [{ type: 'Job', from: 'location', to: 'venue' }],
  removeOperations: ['companyLeavers'],
  addEnumValues: [{ enum: 'CrewJobStatus', values: ['WAITLISTED'] }],
};

/** CLI flags that treat a running sandbox as a live platform (credentials of its demo-admin key). */
export function liveFlagsFor(sb: RunningSandbox, clientId = 'demo-admin'): string[] {
  const key = sb.keys.find((candidate) => candidate.clientId === clientId);
  if (!key) throw new Error(`No API key ${clientId} in this sandbox.`);
  return [
    '--client-id',
    key.clientId,
    '--client-secret',
    key.clientSecret,
    '--auth-url',
    sb.authUrl,
    '--realm',
    sb.realm,
    '--api-url',
    sb.baseUrl,
  ];
}

/** The product's platform client for `sandbox`, with its demo-admin key (quiet: no log lines). */
export function sandboxPlatform(sandbox: RunningSandbox, timeoutMs = 10_000): Platform {
  return createPlatform({
    credentials: { clientId: 'demo-admin', clientSecret: 'demo-admin-secret', tokenUrl: sandbox.tokenUrl },
    apiUrl: sandbox.baseUrl,
    timeoutMs,
    logger: silentLogger,
  });
}
