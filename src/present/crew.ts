// How crew look in a model's context. Lists carry a summary; one crew member carries every
// profile with every data type (own and inherited global, SCORING included) and this crew
// member's answer, with verified options told apart (dataType requirements match verified
// options only).
import { z } from 'zod';
import type { UpstreamCrewProfile, UpstreamCrewSummary, UpstreamDataType } from '../contract/upstream.js';

// The wire shapes live in the contract; re-exported for the modules that present them.
export type { UpstreamCrewProfile, UpstreamCrewSummary, UpstreamDataType } from '../contract/upstream.js';

/** The fields every view of a crew member starts with (see identity()). */
const crewIdentitySchema = z.object({
  id: z.string(),
  uniqueId: z.string().optional(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  status: z.string(),
  roleTypeIds: z.array(z.string()).optional(),
});

export const crewSummarySchema = crewIdentitySchema.extend({
  city: z.string().optional(),
  profiles: z.array(z.string()).describe('"id: name" of each profile'),
});
export type CrewSummary = z.infer<typeof crewSummarySchema>;

export const dataTypeViewSchema = z.object({
  id: z.string(),
  uniqueId: z.string().optional(),
  title: z.string(),
  type: z.string(),
  global: z.boolean().optional().describe('Inherited from the company global section'),
  options: z.array(z.string()).optional(),
  answer: z.string().optional(),
  verified: z.array(z.string()).optional().describe('Verified options of the answer'),
  score: z.number().optional(),
});
export type DataTypeView = z.infer<typeof dataTypeViewSchema>;

export const crewProfileSchema = crewIdentitySchema.extend({
  address: z.string().optional(),
  updatedAt: z.string().optional(),
  profiles: z.array(z.object({ id: z.string(), name: z.string(), dataTypes: z.array(dataTypeViewSchema) })),
});
export type CrewProfileView = z.infer<typeof crewProfileSchema>;

/** A value worth showing: not null, undefined, '' or an empty list. */
function present<V>(value: V | null | undefined): value is V {
  return !(
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The fields every view of a crew member starts with, assigned in order into `view` (no spreads,
 * see toDataTypeView): the views that extend it add their keys after these.
 */
function identity<V extends CrewSummary | CrewProfileView>(crew: Omit<UpstreamCrewSummary, 'profiles'>): V {
  const view = { id: String(crew.id) } as V;
  if (present(crew.uniqueId)) view.uniqueId = crew.uniqueId;
  view.name = `${crew.firstName} ${crew.lastName}`;
  view.email = crew.email;
  if (present(crew.phone)) view.phone = crew.phone;
  view.status = crew.status;
  if (present(crew.roleTypeIds)) view.roleTypeIds = crew.roleTypeIds;
  return view;
}

export function toCrewSummary(crew: UpstreamCrewSummary): CrewSummary {
  const view = identity<CrewSummary>(crew);
  const city = crew.address?.city;
  if (present(city)) view.city = city;
  view.profiles = crew.profiles.map((profile) => `${profile.id}: ${profile.name}`);
  return view;
}

/** One line per crew member: "12 Ada Lovelace <ada@example.com> +44 7700 900123 · ACTIVE · London · roleTypes 2 · profiles 1 Hospitality". */
export function crewSummaryLine(crew: CrewSummary): string {
  const parts = [
    [crew.id, crew.name, `<${crew.email}>`, crew.phone].filter(Boolean).join(' '),
    crew.status,
    crew.city,
    crew.uniqueId ? `uniqueId ${crew.uniqueId}` : undefined,
    crew.roleTypeIds?.length ? `roleTypes ${crew.roleTypeIds.join(',')}` : undefined,
    crew.profiles.length ? `profiles ${crew.profiles.join(', ').replaceAll(': ', ' ')}` : undefined,
  ];
  return parts.filter(Boolean).join(' · ');
}

// get_crew builds one of these per data type (dozens a call). Spreads of {} or { [key]: value }
// objects made a new intermediate object per key and sites V8 saw ever more object shapes at:
// the function was deoptimized and recompiled some five times in a server's first 500 calls
// (--trace-deopt, "wrong map"), the largest TurboFan job of a get_crew call. The keys are
// assigned here in the same order instead, so the view (and its rendering, which follows key
// order) is the same.
export function toDataTypeView(dataType: UpstreamDataType): DataTypeView {
  const answer = dataType.answer;
  const view = { id: dataType.id } as DataTypeView;
  if (present(dataType.uniqueId)) view.uniqueId = dataType.uniqueId;
  view.title = dataType.title;
  view.type = dataType.type;
  if (dataType.global) view.global = true;
  if (dataType.options?.length) view.options = dataType.options.map((option) => option.name);
  if (answer) {
    const chosen = answer.optionNames?.length ? answer.optionNames.join(', ') : answer.value;
    if (present(chosen)) view.answer = chosen;
    if (present(answer.verifiedOptionNames)) view.verified = answer.verifiedOptionNames;
    if (present(answer.score)) view.score = answer.score;
  }
  return view;
}

function addressLine(address: Record<string, string | null> | null | undefined): string | undefined {
  if (!address) return undefined;
  const parts = [address.line1, address.line2, address.city, address.postcode, address.country].filter(
    Boolean,
  );
  return parts.length ? parts.join(', ') : undefined;
}

export function toCrewProfile(crew: UpstreamCrewProfile): CrewProfileView {
  const view = identity<CrewProfileView>(crew);
  const address = addressLine(crew.address);
  if (present(address)) view.address = address;
  if (present(crew.updatedAt)) view.updatedAt = crew.updatedAt;
  view.profiles = crew.profiles.map((profile) => ({
    id: profile.id,
    name: profile.name,
    dataTypes: profile.dataTypes.map(toDataTypeView),
  }));
  return view;
}
