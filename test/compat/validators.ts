// The JSON Schema validators that clients check a tool's structuredContent with, each as the v1
// SDK's JsonSchemaValidator (getValidator(schema) -> (value) -> verdict). The v1 client itself
// validates with the first (its default: client/index.js makes `new AjvJsonSchemaValidator()`, a
// draft-07 `new Ajv(...)` with ajv-formats, in cacheToolMetadata after listTools); the suite
// checks every answer with all of them.
import type { JsonSchemaType, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** A 2020-12 Ajv set up as the v1 SDK sets up its draft-07 one (validation/ajv-provider.js). */
function ajv2020(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

export const VALIDATORS: Readonly<Record<string, jsonSchemaValidator>> = {
  'Ajv draft-07 (the v1 client default)': new AjvJsonSchemaValidator(),
  'Ajv 2020-12': new AjvJsonSchemaValidator(ajv2020()),
  // The v1 SDK's edge validator, as it makes it by default (2020-12), reporting every fault.
  '@cfworker/json-schema 2020-12': new CfWorkerJsonSchemaValidator({ shortcircuit: false }),
  '@cfworker/json-schema draft-07': new CfWorkerJsonSchemaValidator({ draft: '7', shortcircuit: false }),
};

/** A tool's output schema read by every validator, once. */
export type OutputChecks = Record<string, ReturnType<jsonSchemaValidator['getValidator']>>;

export function outputChecks(schema: Record<string, unknown>): OutputChecks {
  return Object.fromEntries(
    Object.entries(VALIDATORS).map(([name, validator]) => [
      name,
      validator.getValidator(schema as JsonSchemaType),
    ]),
  );
}

/** "validator: why" for each validator that refuses `value`. */
export function refusals(checks: OutputChecks, value: unknown): string[] {
  return Object.entries(checks).flatMap(([name, check]) => {
    const verdict = check(value);
    return verdict.valid ? [] : [`${name}: ${verdict.errorMessage}`];
  });
}
