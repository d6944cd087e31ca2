// The bundled CLI keeps the MCP server SDK's JSON Schema validator (ajv) out of its start: it is a
// file of its own beside the chunks (scripts/bundle-cli.mjs, lazySdkValidator), which the SDK's
// default validator requires on its first use. The file must be there, be the SDK's validator,
// and be the very file the chunks require.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/mcp.js';

const FILE = 'sdk-json-schema-validator.cjs';
const bin = dirname(CLI);

describe('the bundle’s MCP SDK validator', () => {
  it('validates a form answer as the SDK’s default validator does', () => {
    const { DefaultJsonSchemaValidator } = createRequire(CLI)(join(bin, FILE));
    const check = new DefaultJsonSchemaValidator().getValidator({
      type: 'object',
      properties: { confirm: { type: 'boolean' } },
      required: ['confirm'],
    });
    expect(check({ confirm: true })).toMatchObject({ valid: true });
    expect(check({ confirm: 'yes' })).toMatchObject({
      valid: false,
      errorMessage: 'data/confirm must be boolean',
    });
  });

  it('is required by a chunk, on first use only, and nowhere bundled in', () => {
    const chunks = readdirSync(bin).filter((name) => name.endsWith('.js'));
    const texts = chunks.map((name) => readFileSync(join(bin, name), 'utf8'));
    expect(texts.filter((text) => text.includes(`require("./${FILE}")`))).toHaveLength(1);
    // ajv's own code is in that file only.
    expect(texts.filter((text) => text.includes('createDefaultAjvInstance'))).toHaveLength(0);
  });
});
