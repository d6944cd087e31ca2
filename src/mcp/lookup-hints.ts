// Which read tool finds a valid value when the platform answers a write with ITEM_NOT_FOUND or
// AMBIGUOUS (§7), or a check finds an id the platform does not have, by the input path that
// failed. The error boundary adds it to the field problems (src/mcp/format-error.ts); neither the
// platform client nor the rules know tool names.

/** Which read tool finds a valid value for a failed lookup, by the field that failed. */
export type LookupHint = (path: string, code: string | undefined) => string | undefined;

const HINTS: [RegExp, string][] = [
  [
    /\.dataType\[\d+\]\.dataTypeTitle$/,
    'get_crew lists data types with ids, titles and options; send dataTypeId to avoid an ambiguous title.',
  ],
  [/\.dataType\[\d+\]/, 'get_crew lists data types with ids, titles and options.'],
  [
    /profile\.dataTypes\[\d+\]/,
    "get_crew shows the profile's own and inherited data types with their ids and uniqueIds.",
  ],
  [/^dataTypes\[\d+\]/, "get_crew shows the profile's own and inherited data types with their ids."],
  [/profileIds|profileId$/, 'get_crew and list_crew show profile ids.'],
  [/roleTypeId$/, 'list_jobs shows roleTypeIds of roles; get_crew shows the role types crew hold.'],
  [/boardId$/, 'list_jobs shows board ids (board of each job).'],
  [/roles\[\d+\]\.id$/, 'list_jobs (jobIds filter) shows the role ids of a job.'],
  [/^jobs\[\d+\]\.id$/, 'list_jobs shows job ids.'],
  [/^(crewId|crewEmail)$/, 'list_crew shows crew ids and emails.'],
];

/** The checks' codes for an id the platform does not have (src/rules/issues.ts); their fixes name no tool. */
export const CHECKED_NOT_FOUND = ['UNKNOWN_JOB', 'UNKNOWN_ROLE', 'UNKNOWN_CREW', 'UNKNOWN_PROFILE'];

export const lookupHint: LookupHint = (path, code) => {
  const notFound =
    code === 'ITEM_NOT_FOUND' || code === 'AMBIGUOUS' || CHECKED_NOT_FOUND.includes(code ?? '');
  if (!notFound && !/optionNames/.test(path)) return undefined;
  return HINTS.find(([pattern]) => pattern.test(path))?.[1];
};
