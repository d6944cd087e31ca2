// Registers the loaded prompts on a server: an argsSchema per prompt whose job, board and crew
// arguments complete ids, and a result that is the prompt's text with the arguments filled in,
// plus links to the resources the arguments name (so a client can attach them as context).
import { completable, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { CompletionKind, PromptSpec } from './loader.js';
import { renderPrompt } from './loader.js';

export type Completer = (value: string) => Promise<string[]>;
export type Completers = Record<Exclude<CompletionKind, 'none'>, Completer>;

/** Resource URI of an argument's value, for the kinds that name one thing on the platform. */
const RESOURCE_OF: Partial<Record<CompletionKind, (id: string) => string>> = {
  board: (id) => `crew://boards/${encodeURIComponent(id)}/schedule`,
  job: (id) => `crew://jobs/${encodeURIComponent(id)}`,
  crew: (id) => `crew://crew/${encodeURIComponent(id)}`,
};
const MAX_LINKS = 10;

function argsSchema(spec: PromptSpec, completers: Completers) {
  const shape: Record<string, z.ZodType> = {};
  for (const argument of spec.arguments) {
    const base = z.string().describe(argument.description);
    const field = argument.complete === 'none' ? base : completable(base, completers[argument.complete]);
    shape[argument.name] = argument.required ? field : field.optional();
  }
  return z.object(shape);
}

function resourceLinks(spec: PromptSpec, values: Record<string, string | undefined>) {
  const links: GetPromptResult['messages'] = [];
  for (const argument of spec.arguments) {
    const resourceOf = RESOURCE_OF[argument.complete];
    if (!resourceOf) continue;
    const ids = (values[argument.name] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => /^[\w-]+$/.test(id));
    for (const id of ids) {
      const uri = resourceOf(id);
      links.push({
        role: 'user',
        content: {
          type: 'resource_link',
          uri,
          name: `${argument.complete} ${id}`,
          mimeType: 'text/markdown',
        },
      });
    }
  }
  return links.slice(0, MAX_LINKS);
}

export function promptResult(spec: PromptSpec, values: Record<string, string | undefined>): GetPromptResult {
  return {
    description: spec.description,
    messages: [
      { role: 'user', content: { type: 'text', text: renderPrompt(spec, values) } },
      ...resourceLinks(spec, values),
    ],
  };
}

/**
 * Registers the prompts on a server instance. The argument schemas are built once, here: over
 * HTTP a server instance is built per request, and building them was most of its cost.
 */
export function promptRegistrar(specs: PromptSpec[], completers: Completers): (server: McpServer) => void {
  const prepared = specs.map((spec) => ({ spec, argsSchema: argsSchema(spec, completers) }));
  return (server) => {
    for (const { spec, argsSchema } of prepared) {
      server.registerPrompt(
        spec.name,
        { title: spec.title, description: spec.description, argsSchema },
        (values) => promptResult(spec, values as Record<string, string | undefined>),
      );
    }
  };
}
