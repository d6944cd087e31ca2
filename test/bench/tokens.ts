// What a model pays for crew-mcp, counted with a real tokenizer (o200k, the encoding of current
// OpenAI models; gpt-tokenizer ships its ranks). Shared by the benchmark and the budget tests so
// both count the same thing.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

export function countTokens(text: string): number {
  return encode(text).length;
}

/** The part of a listed tool a model reads to choose and call it. */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
  _meta?: Record<string, unknown>;
}

/** App-only tools (MCP Apps `_meta.ui.visibility` without "model"): hosts keep them from the model. */
export function isAppOnly(tool: ListedTool): boolean {
  const visibility = (tool._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
  return visibility !== undefined && !visibility.includes('model');
}

/** name + description + input schema, as JSON: what a client puts into the model's context. */
export function modelView(tool: ListedTool): string {
  return JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema });
}

export interface ResultCost {
  /** The text content block(s). */
  text: number;
  /** structuredContent as JSON. */
  structured: number;
  /** text + structured: what a client that forwards both puts into the context (the budget's measure). */
  both: number;
}

/** Tokens of a tool result, by part. */
export function resultCost(result: { content?: unknown; structuredContent?: unknown }): ResultCost {
  const blocks = (result.content as { type: string; text?: string }[] | undefined) ?? [];
  const text = blocks
    .filter((block) => block.type === 'text')
    .reduce((sum, block) => sum + countTokens(block.text ?? ''), 0);
  const structured =
    result.structuredContent === undefined ? 0 : countTokens(JSON.stringify(result.structuredContent));
  return { text, structured, both: text + structured };
}

/** Tokens of a whole tool list as a model sees it: a JSON array of the model views, app-only tools left out. */
export function modelListTokens(tools: ListedTool[]): number {
  return countTokens(
    `[${tools
      .filter((tool) => !isAppOnly(tool))
      .map(modelView)
      .join(',')}]`,
  );
}
