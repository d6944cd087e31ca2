// Issue 30's promise for the two largest rooms: no function in src/planner/ or src/connector/
// over FUNCTION_MAX_LINES, so that each reads as the one thing it builds (a constraint family, a
// stage, a connect step). Functions are found by the TypeScript parser (declarations, methods,
// arrows and function expressions, nested ones counted on their own and inside their parent).
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';

const FUNCTION_MAX_LINES = 120;
const ROOMS = ['src/planner', 'src/connector'];

interface FunctionSpan {
  where: string;
  lines: number;
}

function functionsOf(file: string, text: string): FunctionSpan[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = 'name' in node && node.name ? node.name.getText(source) : '(anonymous)';
      spans.push({ where: `${file}:${first + 1} ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

const FUNCTIONS = ROOMS.flatMap((room) =>
  readdirSync(packagePath(room))
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => functionsOf(`${room}/${name}`, readFileSync(packagePath(room, name), 'utf8'))),
);

describe('function length', () => {
  it('finds the functions of the rooms (the check below would pass vacuously otherwise)', () => {
    expect(FUNCTIONS.length).toBeGreaterThan(200);
    expect(
      FUNCTIONS.some(({ where }) => where.includes('src/planner/model.ts') && where.endsWith('buildModel')),
    ).toBe(true);
  });

  it(`has no function over ${FUNCTION_MAX_LINES} lines in ${ROOMS.join(' or ')}`, () => {
    const long = FUNCTIONS.filter(({ lines }) => lines > FUNCTION_MAX_LINES).map(
      ({ where, lines }) => `${where}: ${lines} lines`,
    );
    expect(long).toEqual([]);
  });
});
