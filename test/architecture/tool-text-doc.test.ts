// docs/TOOL-TEXT.md says where each rule a model needs lives since the tool text was cut to its
// budget (issue 13). This holds it to the code: a rule moved out of the tool text into the error
// a wrong call gets cites the tests that show that error, each of which exists; and every tool
// has its row, so a tool that arrives later is measured and inventoried too.
import { describe, expect, it } from 'vitest';
import { allTools } from '../../tools/index.js';
import { brokenTestRef, readDoc, refs, section, tableRows } from '../helpers/markdown.js';

const doc = readDoc('docs', 'TOOL-TEXT.md');
const moved = tableRows(section(doc, /^## Rules moved out of the tool text/)).map(
  ([rule, , , now, proof]) => ({ rule: rule ?? '', now: now ?? '', proofs: refs(proof) }),
);

describe('docs/TOOL-TEXT.md', () => {
  it('cites, for every rule that now lives in an error, tests that exist', () => {
    expect(moved.length).toBeGreaterThanOrEqual(15);
    const problems = moved.flatMap((row) => [
      ...(/\berror\b/.test(row.now) && row.proofs.length === 0
        ? [`${row.rule}: no test shows the error`]
        : []),
      ...row.proofs.flatMap((ref) => brokenTestRef(ref) ?? []),
    ]);
    expect(problems).toEqual([]);
  });

  it('would catch a citation of a test that does not exist', () => {
    expect(brokenTestRef('test/tools/create-jobs.test.ts#no such case')).toMatch(/no test with this title/);
    expect(brokenTestRef('test/tools/no-such-tool.test.ts#a case')).toMatch(/no file/);
  });

  it('has a row for every tool in its per-tool table', () => {
    const tools = tableRows(section(doc, /^## Per tool/))
      .map(([tool]) => tool ?? '')
      .filter((cell) => cell.startsWith('`'))
      .map((cell) => cell.replaceAll('`', ''));
    expect(tools.sort()).toEqual(allTools.map((tool) => tool.name).sort());
  });
});
