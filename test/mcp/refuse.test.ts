// One way to refuse a tool's input: the field, the problem and the fix land where the error
// boundary and the model read them, and an outcome (an upload's "Nothing was uploaded.") is said
// after "<field>: <problem>." only when given.
import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../src/mcp/errors.js';
import { formatError } from '../../src/mcp/format-error.js';
import { fieldError, NOTHING_UPLOADED, refuse } from '../../src/mcp/refuse.js';

describe('refuse', () => {
  it('throws a UserInputError whose one problem names the field, the problem and the fix', () => {
    let thrown: unknown;
    try {
      refuse({ field: 'places[2]', problem: 'places[2]: "x" is not jobId/roleId.', fix: 'e.g. "998/999".' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserInputError);
    expect((thrown as UserInputError).message).toBe('places[2]: "x" is not jobId/roleId.');
    expect((thrown as UserInputError).problems).toEqual([
      { path: 'places[2]', message: 'places[2]: "x" is not jobId/roleId.', fix: 'e.g. "998/999".' },
    ]);
    expect(formatError(thrown).text).toBe(
      'places[2]: "x" is not jobId/roleId.\nFix: e.g. "998/999".\nNothing was changed on the platform.',
    );
  });

  it('says the outcome after the field and the problem when one is given', () => {
    const error = fieldError({
      field: 'contentBase64',
      problem: 'is not valid base64',
      fix: 'Encode the file bytes as standard base64.',
      outcome: NOTHING_UPLOADED,
    });
    expect(error.message).toBe('contentBase64: is not valid base64. Nothing was uploaded.');
    expect(error.problems[0]).toEqual({
      path: 'contentBase64',
      message: 'is not valid base64',
      fix: 'Encode the file bytes as standard base64.',
    });
  });
});
