// The defects the fuzzer found (issue 11, item 5), one test each: every one was a crash, a silent
// change of the input, a request sent upstream while the answer said nothing was, or an answer
// past the result budget. The top-level "__proto__" case goes through the built CLI over stdio,
// as raw JSON-RPC, because an SDK client strips the key before sending it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { estimateTokens, RESULT_TOKEN_LIMIT } from '../../src/mcp/budget.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { CLI } from '../helpers/mcp.js';
import { findUploadTarget, requestsDuring } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

/** Call a tool with raw (already parsed) arguments; returns the result and what reached the platform. */
async function call(name: string, args: unknown) {
  const { result, sent } = await requestsDuring(suite.sandbox, () =>
    suite.call(name, args as Record<string, unknown>),
  );
  return { ...result, sent };
}

const gala = (role: Record<string, unknown>) => ({
  jobs: [
    {
      boardId: '100',
      title: 'Gala',
      date: '2027-01-15',
      timezone: 'Europe/London',
      roles: [
        {
          title: 'Bartender',
          startTime: '2027-01-15T18:00',
          endTime: '2027-01-15T23:00',
          payRate: 12,
          ...role,
        },
      ],
    },
  ],
});

describe('fuzz-found defects', () => {
  it('keys named like Object.prototype members are unknown fields, not an internal error', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const result = await call('list_jobs', JSON.parse(`{"${key}": 1}`));
      expect(result.isError, key).toBe(true);
      expect(result.text).toMatch(new RegExp(`${key}: Unknown field "${key}"`));
      expect(result.sent).toEqual([]);
    }
    const nested = await call('create_jobs', {
      jobs: [{ ...gala({}).jobs[0], ...JSON.parse('{"__proto__": {"admin": true}}') }],
    });
    expect(nested.text).toMatch(/jobs\.0\.__proto__: Unknown field "__proto__"/);
    expect(nested.sent).toEqual([]);
  });

  it('a top-level "__proto__" argument is refused, not dropped silently (raw JSON-RPC over stdio)', async () => {
    const child = spawn(process.execPath, [CLI, 'stdio'], {
      env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers = new Map<number, string>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === 'number') answers.set(message.id, line);
    });
    const answer = async (id: number) => {
      for (let waited = 0; !answers.has(id) && waited < 20_000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      return answers.get(id) ?? '';
    };
    const send = (message: string) => child.stdin.write(`${message}\n`);
    try {
      send(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
      );
      await answer(1);
      send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
      send(
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_jobs","arguments":{"__proto__":{"perPage":1},"perPage":2}}}',
      );
      const refused = JSON.parse(await answer(2));
      expect(refused.result.isError).toBe(true);
      expect(refused.result.content[0].text).toMatch(/__proto__: Unknown field "__proto__"/);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);

  it('an integer past the platform Int range is refused before sending, not sent and blamed on us', async () => {
    const id = await call('get_crew', { crewId: 2 ** 40 });
    expect(id.text).toMatch(/crewId: 1099511627776 is outside the platform's Int range/);
    expect(id.sent).toEqual([]);
    const quantity = await call('create_jobs', gala({ quantity: 2 ** 31 }));
    expect(quantity.text).toMatch(/quantity: 2147483648 is outside the platform's Int range/);
    expect(quantity.sent).toEqual([]);
    const inRequirement = await call(
      'create_jobs',
      gala({ requirements: { ageRestriction: { minAge: 2 ** 32 } } }),
    );
    expect(inRequirement.text).toMatch(
      /requirements\.ageRestriction\.minAge: 4294967296 is past the platform's Int range/,
    );
    expect(inRequirement.sent).toEqual([]);
  });

  it('unknown keys inside requirements.* are refused before sending', async () => {
    const result = await call(
      'create_jobs',
      gala({ requirements: { roleType: { roleTypeId: '1', condition: 'EQUAL', bogus: 1 } } }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /requirements\.roleType\.bogus: RoleTypeRequirementInput has no field "bogus".*Fix: Use only roleTypeId, condition/s,
    );
    expect(result.sent).toEqual([]);
    const inList = await call(
      'create_jobs',
      gala({
        requirements: { dataType: [{ dataTypeId: '1', optionNames: [], condition: 'ANY', extra: 'x' }] },
      }),
    );
    expect(inList.text).toMatch(
      /requirements\.dataType\[0\]\.extra: DataTypeRequirementInput has no field "extra"/,
    );
    expect(inList.sent).toEqual([]);
  });

  it('a refusal by the platform does not claim that nothing was sent', async () => {
    // A data type that is not FILE: only the platform knows, so the request goes and is refused.
    const target = await findUploadTarget(suite.sandbox);
    const result = await call('upload_crew_file', {
      crewId: target.crewId,
      contentBase64: 'eA==',
      name: 'a.pdf',
      dataTypeId: target.otherDataTypeId,
    });
    expect(result.sent).toHaveLength(1);
    expect(result.text).toMatch(/The platform rejected the request/);
    expect(result.text).not.toMatch(/Nothing was (sent|changed)/);
  });

  it('a control character in an upload name is refused, not sent as a mangled multipart header', async () => {
    const result = await call('upload_crew_file', { crewId: 1, contentBase64: 'eA==', name: 'a\r\nb.txt' });
    expect(result.text).toMatch(/name: the file name "a\?\?b\.txt" contains a control character/);
    expect(result.sent).toEqual([]);
  });

  it('a lone surrogate in an id is a field error, not "unexpected error"', async () => {
    const result = await call('get_crew_file', { fileId: 'ab\uD800cd' });
    expect(result.text).toMatch(/fileId: contains an unpaired UTF-16 surrogate/);
    expect(result.text).not.toMatch(/unexpected/);
    expect(result.sent).toEqual([]);
    const key = await call('list_jobs', { ['\uDC00']: 1 });
    expect(key.isError).toBe(true);
    expect(key.text).not.toMatch(/unexpected/);
  });

  it('describe_schema does not echo a 4 MB input back past the result budget', async () => {
    const huge = 'x'.repeat(4 * 1024 * 1024);
    const result = await call('describe_schema', { names: [huge] });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/Unknown schema name\(s\): x{60}… \(4194304 chars\)/);
    expect(estimateTokens(result.text)).toBeLessThan(RESULT_TOKEN_LIMIT);
    const key = await call('list_jobs', { [huge]: 1 });
    expect(estimateTokens(key.text)).toBeLessThan(RESULT_TOKEN_LIMIT);
  });
});
