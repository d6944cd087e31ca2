// Completion of timezone arguments: IANA Area/City names (what the platform accepts, §4.4
// rule 1), matched at the start of the name or of its city part, case-insensitively.
const MAX_COMPLETIONS = 100;

let zones: string[] | null = null;

function ianaZones(): string[] {
  zones ??= Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'));
  return zones;
}

export async function completeTimeZone(value: string): Promise<string[]> {
  const typed = value.trim().toLowerCase();
  const matches = ianaZones().filter((zone) => {
    const lower = zone.toLowerCase();
    return lower.startsWith(typed) || lower.slice(lower.lastIndexOf('/') + 1).startsWith(typed);
  });
  return matches.slice(0, MAX_COMPLETIONS);
}
