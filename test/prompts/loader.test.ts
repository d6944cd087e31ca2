// The prompt-file loader: front-matter parsed without a YAML library, every malformed file a
// clear error naming the file (and line where there is one), and {{argument}} interpolation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import type { Platform } from '../../src/platform/client.js';
import { loadPrompts, PromptFileError, parsePromptFile, renderPrompt } from '../../src/prompts/loader.js';
import { createContextSurface } from '../../src/resources/index.js';

const GOOD = `---
name: sample_prompt
title: "A sample: quoted"
description: Does a thing, with a colon: here
# a comment line
arguments:
  - name: jobId
    description: The job
    required: true
    complete: job
  - name: note
    description: 'It''s optional'
    complete: none
    default: nothing noted
---
Job {{jobId}}. Note: {{ note }}.
`;

function parse(text: string, file = 'prompts/sample_prompt.md') {
  return parsePromptFile(text, file);
}

function errorOf(text: string, file = 'prompts/sample_prompt.md'): string {
  try {
    parse(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(PromptFileError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('parsePromptFile', () => {
  it('reads name, title, description and arguments, quoted or bare', () => {
    const spec = parse(GOOD);
    expect(spec).toMatchObject({
      name: 'sample_prompt',
      title: 'A sample: quoted',
      description: 'Does a thing, with a colon: here',
      file: 'prompts/sample_prompt.md',
    });
    expect(spec.arguments).toEqual([
      { name: 'jobId', description: 'The job', required: true, complete: 'job' },
      {
        name: 'note',
        description: "It's optional",
        required: false,
        complete: 'none',
        default: 'nothing noted',
      },
    ]);
    expect(spec.body).toBe('Job {{jobId}}. Note: {{ note }}.');
  });

  it('accepts list items at the key indent and "arguments: []"', () => {
    const flush = GOOD.replace('  - name: jobId', '- name: jobId');
    expect(parse(flush).arguments.map((argument) => argument.name)).toEqual(['jobId', 'note']);
    const none = '---\nname: sample_prompt\ndescription: No arguments\narguments: []\n---\nJust text.\n';
    expect(parse(none).arguments).toEqual([]);
    expect(parse(none).title).toBe('sample_prompt');
  });

  it.each([
    ['no front-matter', 'Just text', /prompts\/sample_prompt\.md line 1: must start with a "---"/],
    [
      'an unclosed front-matter',
      '---\nname: sample_prompt\n',
      /prompts\/sample_prompt\.md: front-matter is not closed/,
    ],
    ['an unknown key', GOOD.replace('title:', 'titel:'), /sample_prompt\.md line 3: unknown key "titel"/],
    [
      'a line that is not key: value',
      GOOD.replace('# a comment line', 'just words'),
      /line 5: expected "key: value"/,
    ],
    [
      'a bad completion kind',
      GOOD.replace('complete: job', 'complete: jobs'),
      /line 7: argument "jobId": complete must be one of board, job, crew, timezone, none, not "jobs"/,
    ],
    [
      'a bad required flag',
      GOOD.replace('required: true', 'required: yes'),
      /argument "jobId": required must be true or false/,
    ],
    [
      'a required argument with a default',
      GOOD.replace('complete: job', 'complete: job\n    default: x'),
      /"jobId" is required and cannot have a default/,
    ],
    ['a missing name', GOOD.replace('name: sample_prompt\n', ''), /sample_prompt\.md: no "name"/],
    [
      'a name that is not the file name',
      GOOD.replace('name: sample_prompt', 'name: other_prompt'),
      /name "other_prompt" differs from the file name "sample_prompt\.md"/,
    ],
    [
      'a missing description',
      GOOD.replace('description: Does a thing, with a colon: here\n', ''),
      /no "description"/,
    ],
    ['a missing arguments key', GOOD.slice(0, GOOD.indexOf('arguments:')) + '---\nText\n', /no "arguments"/],
    [
      'an argument without description',
      GOOD.replace('    description: The job\n', ''),
      /argument "jobId" has no description/,
    ],
    ['a duplicate argument', GOOD.replace('name: note', 'name: jobId'), /argument "jobId" is declared twice/],
    [
      'an undeclared placeholder',
      GOOD.replace('{{jobId}}', '{{boardId}}'),
      /uses \{\{boardId\}\}, which is not a declared argument/,
    ],
    ['an unterminated quote', GOOD.replace("'It''s optional'", "'oops"), /unterminated single-quoted value/],
    ['an empty text', GOOD.slice(0, GOOD.lastIndexOf('---') + 3), /has no text after the front-matter/],
  ])('refuses %s, naming the file', (_, text, pattern) => {
    expect(errorOf(text)).toMatch(pattern);
  });
});

describe('renderPrompt', () => {
  it('fills in given values, defaults for optional ones not given, and trims', () => {
    const spec = parse(GOOD);
    expect(renderPrompt(spec, { jobId: ' 42 ', note: 'bring ladders' })).toBe('Job 42. Note: bring ladders.');
    expect(renderPrompt(spec, { jobId: '42' })).toBe('Job 42. Note: nothing noted.');
    // A value is inserted as written, never read as a placeholder itself.
    expect(renderPrompt(spec, { jobId: '{{note}}' })).toBe('Job {{note}}. Note: nothing noted.');
  });
});

describe('loadPrompts', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('loads the six shipped prompts', () => {
    expect(loadPrompts().map((spec) => spec.name)).toEqual([
      'audit_crew_profiles',
      'move_job_timezone',
      'plan_multi_day_job',
      'staff_event',
      'staff_role',
      'weekly_schedule_digest',
    ]);
  });

  it('names the malformed file among good ones, and the server does not start with it', () => {
    dir = mkdtempSync(join(tmpdir(), 'crew-prompts-'));
    writeFileSync(join(dir, 'sample_prompt.md'), GOOD);
    writeFileSync(join(dir, 'broken.md'), '---\nname: broken\ndescription: x\narguments:\n  - name: a\n');
    const broken = join(dir, 'broken.md');
    expect(() => loadPrompts(dir as string)).toThrow(`Prompt file ${broken}: front-matter is not closed`);
    expect(() => createContextSurface({} as Platform, silentLogger, { promptsDir: dir as string })).toThrow(
      /broken\.md/,
    );
  });
});
