// The contract's GraphQL files (schema.graphql, graphql/*.graphql) ship beside the compiled code
// (the build copies them to dist/), so a URL relative to the module that reads them works from
// src/ under vitest and from dist/ when built.
import { readFileSync } from 'node:fs';

export function readText(url: URL): string {
  return readFileSync(url, 'utf8');
}

let sdl: string | null = null;

/** Our model of the platform's GraphQL schema, as SDL (schema.graphql). */
export function schemaSource(): string {
  sdl ??= readText(new URL('./schema.graphql', import.meta.url));
  return sdl;
}
