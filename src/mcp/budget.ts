// The context budget of one tool result. A result (text + structuredContent) stays under about
// 20,000 tokens; a list that would not fit is cut, and the result says how to narrow the query.
// We estimate tokens from characters at run time (no tokenizer in the hot path); the estimate is
// conservative (2.5 characters per token; compact text of ids, dates and times measures about 2.65 with o200k), and a test
// checks real o200k counts stay under the limit.

export const RESULT_TOKEN_LIMIT = 20_000;
const CHARS_PER_TOKEN = 2.5;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export interface Rendered<O> {
  data: O;
  text: string;
}

function cost<O>(rendered: Rendered<O>): number {
  return estimateTokens(rendered.text) + estimateTokens(JSON.stringify(rendered.data));
}

/**
 * Render the longest prefix of `items` that fits the budget. `render` receives the kept items
 * and how many were cut, and must mention the cut in its output when `cut > 0`.
 */
export function fitItems<T, O>(
  items: T[],
  render: (kept: T[], cut: number) => Rendered<O>,
  limit = RESULT_TOKEN_LIMIT,
): Rendered<O> {
  const full = render(items, 0);
  if (cost(full) <= limit) return full;
  // Binary search the largest prefix that fits; rendering is cheap next to a network call.
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cost(render(items.slice(0, middle), items.length - middle)) <= limit) low = middle;
    else high = middle - 1;
  }
  return render(items.slice(0, low), items.length - low);
}
