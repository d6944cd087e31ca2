// Compact text for a model's context: the same data as structuredContent, without nulls,
// empty arrays or empty objects, keys kept so ids stay visible. Objects whose values are all
// scalars go on one line ("id: 7, title: Gala"), nested data is indented.

type Json = null | undefined | boolean | number | string | Json[] | { [key: string]: Json };

function isEmpty(value: Json): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

function isScalar(value: Json): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function scalarText(value: string | number | boolean): string {
  return typeof value === 'string' && /[\n,]/.test(value) ? JSON.stringify(value) : String(value);
}

function entries(value: { [key: string]: Json }): [string, Json][] {
  return Object.entries(value).filter(([, item]) => !isEmpty(item));
}

function inline(value: Json): string | null {
  if (isScalar(value)) return scalarText(value);
  if (Array.isArray(value) && value.every(isScalar))
    return value.map((item) => scalarText(item as string)).join(', ');
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const parts = entries(value).map(([key, item]) => {
      if (isScalar(item)) return `${key}: ${scalarText(item)}`;
      if (Array.isArray(item) && item.every(isScalar)) return `${key}: [${inline(item)}]`;
      return null;
    });
    if (parts.every((part) => part !== null) && parts.join(', ').length <= 160) return parts.join(', ');
  }
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
    for (const [key, item] of entries(value)) {
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
