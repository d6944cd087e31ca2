// Against a live platform whose schema differs from our [assumed] model: the differences are
// found by introspection, documents that select a field the platform lacks are adapted when the
// tools can do without it, and tools that cannot work are found (and then not listed).
import { buildSchema, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyJobsDocument, withFragments } from '../../src/contract/documents.js';
import { schemaSource } from '../../src/contract/files.js';
import { schemaModel } from '../../src/contract/schema-model.js';
import { withLiveEnumValues } from '../../src/mcp/live-enums.js';
import { adaptDocument, planForLiveSchema } from '../../src/mcp/live-schema.js';
import { fetchLiveSchema } from '../../src/platform/introspection.js';
import { compareSchemas, hasDifferences } from '../../src/platform/schema-diff.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools, tools } from '../../tools/index.js';
import { DIFFERING_SCHEMA, sandboxPlatform, startTestSandbox } from '../helpers/sandbox.js';

function liveSchemaOf(sandbox: RunningSandbox): Promise<GraphQLSchema> {
  return fetchLiveSchema(sandboxPlatform(sandbox, 5000).graphql);
}

let sandbox: RunningSandbox;
let differing: RunningSandbox;
beforeAll(async () => {
  [sandbox, differing] = await Promise.all([
    startTestSandbox(),
    startTestSandbox({ schemaVariant: DIFFERING_SCHEMA }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), differing?.close()]);
});

describe('live schema equal to the model (the default sandbox, read over HTTP)', () => {
  it('has no differences and changes no document or tool', async () => {
    const live = await liveSchemaOf(sandbox);
    expect(hasDifferences(compareSchemas(schemaModel(), live))).toBe(false);
    const plan = planForLiveSchema(live, allTools);
    expect(plan.rewrites.size).toBe(0);
    expect(plan.unavailable.size).toBe(0);
    expect(plan.dropped.size).toBe(0);
    expect(plan.tools.every((tool, index) => tool === allTools[index])).toBe(true);
  });
});

describe('documents checked together against a schema equal to the model', () => {
  // The plan reads the documents' distinct parts in one pass; one invalid document among the
  // valid ones must still be found, and named for its own tool only.
  const withDocument = (name: string, document: string) => ({
    ...(tools.get_crew as (typeof allTools)[number]),
    name,
    documents: [document],
  });

  it('finds the one document the schema makes invalid, made with the shared fragments', async () => {
    const broken = withFragments('query Broken { companyJobs { paginatedList { ...JobFields notAField } } }');
    const plan = planForLiveSchema(await liveSchemaOf(sandbox), [
      ...allTools,
      withDocument('broken', broken),
    ]);
    expect([...plan.unavailable.keys()]).toEqual(['broken']);
    expect(plan.unavailable.get('broken')).toMatch(/Job\.notAField is missing from the live schema/);
    expect(plan.rewrites.size).toBe(0);
  });

  it('checks a document made elsewhere (not by withFragments) on its own', async () => {
    const plan = planForLiveSchema(await liveSchemaOf(sandbox), [
      ...allTools,
      withDocument('raw', 'query Raw { companyLeavers { nope } }'),
    ]);
    expect([...plan.unavailable.keys()]).toEqual(['raw']);
    expect(plan.unavailable.get('raw')).toMatch(/CompanyLeaversResponse\.nope is missing/);
  });
});

describe('live schema that differs (renamed field, missing operation, extra enum value)', () => {
  it('reports each difference, with the likely new name of a renamed field', async () => {
    const differences = compareSchemas(schemaModel(), await liveSchemaOf(differing));
    expect(differences).toEqual({
      missingOperations: ['query companyLeavers'],
      missingTypes: [],
      missingFields: [{ field: 'Job.location', renamedTo: 'venue' }],
      missingEnumValues: [],
      extraEnumValues: ['CrewJobStatus.WAITLISTED'],
    });
  });

  it('drops a nullable field the platform lacks from the documents that select it', async () => {
    const live = await liveSchemaOf(differing);
    const adaptation = adaptDocument(companyJobsDocument, live);
    expect(adaptation).toMatchObject({ ok: true, dropped: ['Job.location'] });
    if (!adaptation.ok) return;
    expect(adaptation.adapted).not.toMatch(/\blocation\b/);
    expect(adaptation.adapted).toMatch(/\btimezone\b/);
  });

  it('lists the adapted tools with what they drop, and refuses a tool whose operation is missing', async () => {
    const plan = planForLiveSchema(await liveSchemaOf(differing), allTools);
    expect(plan.dropped.get('list_jobs')).toEqual(['Job.location']);
    expect(plan.unavailable.get('list_leavers')).toMatch(/no operation companyLeavers/);
    expect([...plan.unavailable.keys()]).toEqual(['list_leavers']);
    expect(plan.rewrites.get(companyJobsDocument)).not.toMatch(/\blocation\b/);
  });

  it('gives tool inputs the live enum values', async () => {
    const plan = planForLiveSchema(await liveSchemaOf(differing), allTools);
    const listCrewJobs = plan.tools.find((tool) => tool.name === 'list_crew_jobs');
    expect(listCrewJobs).not.toBe(tools.list_crew_jobs);
    expect(listCrewJobs?.inputSchema.safeParse({ status: ['WAITLISTED'] }).success).toBe(true);
    expect(tools.list_crew_jobs?.inputSchema.safeParse({ status: ['WAITLISTED'] }).success).toBe(false);
    // Tools without such an enum stay the very same objects.
    expect(plan.tools.find((tool) => tool.name === 'get_crew')).toBe(tools.get_crew);
  });
});

describe('adaptDocument refuses what a tool cannot do without', () => {
  const withoutField = (type: string, field: string) =>
    buildSchema(
      schemaSource().replace(new RegExp(`(type ${type} [^{]*\\{[^}]*?)\\n\\s+${field}\\b[^\\n]*`), '$1'),
    );

  it('an id', () => {
    const live = withoutField('Job', 'id');
    expect(live.getType('Job')?.toString()).toBe('Job');
    expect(adaptDocument(companyJobsDocument, live)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/Job\.id is missing from the live schema and the tool needs it/)],
    });
  });

  it('a field our model says is never null', () => {
    const live = withoutField('Job', 'timezone');
    const adaptation = adaptDocument(companyJobsDocument, live);
    expect(adaptation.ok).toBe(false);
  });

  it('keeps a model enum schema as it is when the live values are the same', async () => {
    const live = await liveSchemaOf(sandbox);
    const schema = tools.list_jobs?.inputSchema;
    expect(schema && withLiveEnumValues(schema, live)).toBe(schema);
  });
});
