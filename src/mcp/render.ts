// Compact text for a model's context: the same data as structuredContent, without nulls,
// empty arrays or empty objects, keys kept so ids stay visible. Objects whose values are all
// scalars go on one line ("id: 7, title: Gala"), nested data is indented.

type Json = null | undefined | boolean | number | string | Json[] | { [key: string]: Json };

// Every tool's text is rendered here on every call (get_crew: some 35 µs of a warm call, the
// largest step of the server's own), so the walk below allocates no entry pairs and no part
// lists, and stops an object's one-line form at the first value that cannot go on the line.

function isEmpty(value: Json): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    for (const key of Object.keys(value)) if (!isEmpty(value[key])) return false;
    return true;
  }
  return false;
}

function isScalar(value: Json): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function scalarText(value: string | number | boolean): string {
  return typeof value === 'string' && (value.includes(',') || value.includes('\n'))
    ? JSON.stringify(value)
    : String(value);
}

function isScalarList(value: Json): value is (string | number | boolean)[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (!isScalar(item)) return false;
  return true;
}

function scalarList(value: (string | number | boolean)[]): string {
  let text = '';
  for (let index = 0; index < value.length; index++)
    text += index === 0 ? scalarText(value[index]!) : `, ${scalarText(value[index]!)}`;
  return text;
}

/** An object on one line: its non-empty keys, each a scalar or a list of scalars, in 160 characters. */
function inlineObject(value: { [key: string]: Json }): string | null {
  let text = '';
  let first = true;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (isEmpty(item)) continue;
    let part: string;
    if (isScalar(item)) part = `${key}: ${scalarText(item)}`;
    else if (isScalarList(item)) part = `${key}: [${scalarList(item)}]`;
    else return null;
    text = first ? part : `${text}, ${part}`;
    first = false;
    if (text.length > 160) return null;
  }
  return text;
}

function inline(value: Json): string | null {
  if (isScalar(value)) return scalarText(value);
  if (isScalarList(value)) return scalarList(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) return inlineObject(value);
  return null;
}

function lines(value: Json, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isEmpty(item)) continue;
      const one = inline(item);
      if (one !== null) {
        out.push(`${indent}- ${one}`);
        continue;
      }
      out.push(`${indent}-`);
      lines(item, `${indent}  `, out);
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (isEmpty(item)) continue;
      const one = inline(item);
      if (one !== null && (isScalar(item) || Array.isArray(item) || one.length <= 100)) {
        out.push(`${indent}${key}: ${one}`);
        continue;
      }
      out.push(`${indent}${key}:`);
      // List items sit at their key's indent (as YAML allows): fewer characters per line.
      lines(item, Array.isArray(item) ? indent : `${indent}  `, out);
    }
    return;
  }
  if (isScalar(value)) out.push(`${indent}${scalarText(value)}`);
}

export function renderCompact(value: unknown): string {
  const out: string[] = [];
  lines(value as Json, '', out);
  return out.join('\n');
}
