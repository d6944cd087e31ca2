// What graphql_query checks before sending (src/mcp/graphql-check.ts), against our schema model:
// each refusal names the field (query or variables) and the fix; a mutation needs the operator's
// leave; a root field outside the key's scopes is refused naming the scope.
import { describe, expect, it } from 'vitest';
import { schemaModel } from '../../src/contract/schema-model.js';
import { PolicyError, UserInputError } from '../../src/mcp/errors.js';
import { checkedOperation } from '../../src/mcp/graphql-check.js';
import { ForbiddenError } from '../../src/platform/errors.js';

const context = (grantedScopes: string[] | null = null) => ({ schema: schemaModel(), grantedScopes });
const CREW = 'query($crewId: Int!) { companyCrewOne(crewId: $crewId) { id } }';

function refusal(run: () => unknown): UserInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserInputError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('checkedOperation', () => {
  it('passes a valid query with its variables, and a mutation when allowed', () => {
    expect(checkedOperation({ query: CREW, variables: { crewId: 1 } }, context(['crew:read']), false)).toBe(
      'query',
    );
    const mutation = 'mutation { createCrew(input: { crew: [] }) { __typename } }';
    expect(() => checkedOperation({ query: mutation }, context(), false)).toThrow(PolicyError);
    expect(() => checkedOperation({ query: mutation }, context(), false)).toThrow(
      /--allow-graphql-mutations/,
    );
  });

  it('refuses bad syntax, several operations and subscriptions on "query"', () => {
    expect(refusal(() => checkedOperation({ query: 'query {' }, context(), false)).problems).toEqual([
      expect.objectContaining({ path: 'query', fix: 'Fix the GraphQL syntax.' }),
    ]);
    const two = refusal(() =>
      checkedOperation({ query: 'query a { __typename } query b { __typename }' }, context(), false),
    );
    expect(two.message).toBe('query: the document has 2 operations');
    expect(two.problems[0]?.fix).toBe('Send exactly one operation per call.');
    const subscription = refusal(() => checkedOperation({ query: 'subscription { x }' }, context(), false));
    expect(subscription.problems[0]).toMatchObject({
      path: 'query',
      message: 'subscriptions are not supported',
    });
  });

  it('refuses a field the schema lacks, pointing at describe_schema', () => {
    const error = refusal(() =>
      checkedOperation({ query: '{ companyCrewOne(crewId: 1) { nope } }' }, context(), false),
    );
    expect(error.problems[0]?.message).toMatch(/Cannot query field "nope"/);
    expect(error.problems[0]?.fix).toMatch(/describe_schema/);
  });

  it('refuses a root field outside the granted scopes, naming the scope', () => {
    expect(() =>
      checkedOperation({ query: CREW, variables: { crewId: 1 } }, context(['jobs:read']), false),
    ).toThrow(ForbiddenError);
    expect(() =>
      checkedOperation({ query: CREW, variables: { crewId: 1 } }, context(['jobs:read']), false),
    ).toThrow(/"crew:read"/);
  });

  it('refuses variables of the wrong type on "variables"', () => {
    const error = refusal(() =>
      checkedOperation({ query: CREW, variables: { crewId: 'one' } }, context(), false),
    );
    expect(error.problems[0]).toMatchObject({
      path: 'variables',
      fix: 'Give each variable the type its definition declares.',
    });
    expect(refusal(() => checkedOperation({ query: CREW }, context(), false)).problems[0]?.path).toBe(
      'variables',
    );
  });
});
