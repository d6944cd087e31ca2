// The HTTP server bounds V8's heap growth unless the operator set it: see src/heap-growth.ts.
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG, heapGrowthFlag } from '../../src/heap-growth.js';

describe('heap growth of the HTTP server', () => {
  it('is bounded by default', () => {
    expect(heapGrowthFlag([], undefined)).toBe(HEAP_GROWING_FLAG);
    expect(heapGrowthFlag(['--enable-source-maps'], '--max-old-space-size=512')).toBe(HEAP_GROWING_FLAG);
  });

  it("leaves an operator's own choice alone, as a node flag or in NODE_OPTIONS", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=300'], undefined)).toBeNull();
    expect(heapGrowthFlag([], '--trace-warnings --heap_growing_percent=50')).toBeNull();
  });
});
