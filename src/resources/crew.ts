// crew://crew/{crewId}: one crew member's profile: every profile with its data types (own and
// inherited global ones, SCORING included), this member's answers and which options are verified
// (dataType requirements match verified options only), in the shape of src/present/crew.ts.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { crewOneDocument } from '../contract/documents.js';
import { NotFoundError } from '../platform/errors.js';
import {
  type CrewProfileView,
  type DataTypeView,
  toCrewProfile,
  toCrewSummary,
  type UpstreamCrewProfile,
} from '../present/crew.js';
import { MARKDOWN, markdown, orEmpty, type ResourceDeps, variable } from './context.js';
import { guardRead, unknownResource } from './errors.js';

/** The template's list: one page of crew, enough to pick from; completions search by name. */
const LIST_LIMIT = 25;
const HINT = 'list_crew (search by name or email) finds crew ids.';

export function crewUri(crewId: number | string): string {
  return `crew://crew/${encodeURIComponent(String(crewId))}`;
}

function dataTypeLine(dataType: DataTypeView): string {
  const tags = [
    dataType.type,
    dataType.global ? 'global' : '',
    dataType.uniqueId ? `uniqueId ${dataType.uniqueId}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const answer =
    dataType.type === 'SCORING'
      ? dataType.score !== undefined
        ? `score ${dataType.score}`
        : 'no score'
      : dataType.answer !== undefined
        ? `answer ${dataType.answer}`
        : 'no answer';
  const parts = [`- ${dataType.id} "${dataType.title}" (${tags}): ${answer}`];
  if (dataType.options?.length) {
    const verified = dataType.verified ?? [];
    const chosen = dataType.answer ? dataType.answer.split(', ') : [];
    const unverified = chosen.filter((option) => !verified.includes(option));
    if (chosen.length) parts.push(`verified ${verified.length ? verified.join(', ') : 'none'}`);
    if (unverified.length) parts.push(`unverified ${unverified.join(', ')}`);
    parts.push(`options ${dataType.options.join(' | ')}`);
  }
  return parts.join('; ');
}

export function renderCrew(crew: CrewProfileView): string {
  const facts = [
    `status ${crew.status}`,
    crew.email,
    crew.phone,
    crew.uniqueId && `uniqueId ${crew.uniqueId}`,
    crew.roleTypeIds?.length && `role types ${crew.roleTypeIds.join(', ')}`,
    crew.address,
    crew.updatedAt && `updated ${crew.updatedAt}`,
  ].filter(Boolean);
  const lines = [`# ${crew.name} (crew ${crew.id})`, facts.join('; ')];
  for (const profile of crew.profiles) {
    lines.push('', `## Profile ${profile.id}: ${profile.name}`);
    if (profile.dataTypes.length === 0) lines.push('No data types.');
    lines.push(...profile.dataTypes.map(dataTypeLine));
  }
  lines.push(
    '',
    'A global data type shows under every profile that inherits it (same id). Role requirements match verified options only.',
  );
  return lines.join('\n');
}

export function registerCrew(server: McpServer, deps: ResourceDeps): void {
  const template = new ResourceTemplate('crew://crew/{crewId}', {
    list: async () => ({
      resources: (await orEmpty(deps.logger, 'crew page', () => deps.catalog.searchCrew('', LIST_LIMIT))).map(
        (member) => {
          const summary = toCrewSummary(member);
          return {
            uri: crewUri(member.id),
            name: summary.name,
            description: `Crew ${member.id}, ${summary.status}; profiles ${summary.profiles.join('; ')}`,
            mimeType: MARKDOWN,
          };
        },
      ),
    }),
    complete: {
      crewId: (value) => orEmpty(deps.logger, 'crewId completion', () => deps.catalog.completeCrewId(value)),
    },
  });
  server.registerResource(
    'crew',
    template,
    {
      title: 'Crew member',
      description:
        "One crew member's profiles with every data type (own, inherited global, SCORING), answers and verified options.",
      mimeType: MARKDOWN,
    },
    (uri, variables, ctx) =>
      guardRead(uri.href, deps.logger, async () => {
        const crewId = variable(variables, 'crewId');
        if (!/^\d{1,9}$/.test(crewId))
          throw unknownResource(uri.href, `"${crewId}" is not a crew id (a number)`, HINT);
        try {
          const data = await deps.platform.graphql.query<{ companyCrewOne: UpstreamCrewProfile }>(
            crewOneDocument,
            { crewId: Number(crewId) },
            { signal: ctx.mcpReq.signal },
          );
          return markdown(uri.href, renderCrew(toCrewProfile(data.companyCrewOne)));
        } catch (error) {
          if (error instanceof NotFoundError)
            throw unknownResource(uri.href, `no crew member with id ${crewId}`, HINT);
          throw error;
        }
      }),
  );
}
