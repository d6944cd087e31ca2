// Reads test sources with the TypeScript compiler API: the test cases (`it`/`test`) of a file,
// and for each what it names, whether it looks at what reached the platform, whether it expects
// a tool call to succeed or to fail, and whether it asserts at all. test/architecture/
// tool-tests.test.ts states the rules built on it.
import ts from 'typescript';

/** What a case calls to see what reached the platform (test/helpers/sent.ts, sandbox.ts); a `sent` or `stats` it reads counts too. */
const OBSERVERS = new Set(['requestsDuring', 'seeing', 'variablesOf', 'operations']);

export interface TestCase {
  /** The title as written in the source (quotes included). */
  title: string;
  /** The title's text, when it is a plain string. */
  name?: string;
  /** Names the tool (a string literal) in its body. */
  literals: Set<string>;
  observes: boolean;
  expectsSuccess: boolean;
  expectsFailure: boolean;
  asserts: boolean;
}

function isTestCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
      ? callee.expression.text
      : '';
  return (name === 'it' || name === 'test') && node.arguments.length >= 2;
}

/** The argument of the `expect(…)` a matcher call hangs on, if any. */
function expectedOf(matcher: ts.CallExpression): ts.Expression | undefined {
  let target = matcher.expression;
  while (ts.isPropertyAccessExpression(target)) {
    const inner = target.expression;
    if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'expect')
      return inner.arguments[0];
    target = inner;
  }
  return undefined;
}

function isErrorLiteral(node: ts.Node): boolean | undefined {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'isError') {
      if (property.initializer.kind === ts.SyntaxKind.TrueKeyword) return true;
      if (property.initializer.kind === ts.SyntaxKind.FalseKeyword) return false;
    }
  }
  return undefined;
}

function analyseCase(body: ts.Node, title: string, helpers: ReadonlySet<string> = new Set()): TestCase {
  const found: TestCase = {
    title,
    literals: new Set(),
    observes: false,
    expectsSuccess: false,
    expectsFailure: false,
    asserts: false,
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.literals.add(node.text);
    if (ts.isIdentifier(node) && (OBSERVERS.has(node.text) || node.text === 'sent')) found.observes = true;
    if (ts.isPropertyAccessExpression(node) && ['sent', 'stats'].includes(node.name.text))
      found.observes = true;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      if (/^expect|^\w+\.assert|^assert/.test(callee) || helpers.has(callee)) found.asserts = true;
      const matcher = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : '';
      const subject = expectedOf(node);
      const onIsError = subject !== undefined && /isError/.test(subject.getText());
      const argument = node.arguments[0];
      let outcome: boolean | undefined;
      if (onIsError && matcher === 'toBe' && argument?.kind === ts.SyntaxKind.TrueKeyword) outcome = true;
      if (onIsError && matcher === 'toBe' && argument?.kind === ts.SyntaxKind.FalseKeyword) outcome = false;
      if (onIsError && matcher === 'toBeTruthy') outcome = true;
      if (onIsError && matcher === 'toBeFalsy') outcome = false;
      if (subject && argument && ['toMatchObject', 'toEqual'].includes(matcher))
        outcome = isErrorLiteral(argument) ?? outcome;
      if (outcome === true) found.expectsFailure = true;
      if (outcome === false) found.expectsSuccess = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** Functions of the file that assert (a case that calls one asserts through it). */
function assertingHelpers(file: ts.SourceFile): Set<string> {
  const helpers = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      if (analyseCase(statement.body, '').asserts) helpers.add(statement.name.text);
    }
  }
  return helpers;
}

/** The test cases of one test source. */
export function testCases(source: string, fileName = 'x.test.ts'): TestCase[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const helpers = assertingHelpers(file);
  const cases: TestCase[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTestCall(node)) {
      // The callback is the last function argument: a timeout may follow it (it(title, fn, 120_000)).
      const title = node.arguments[0];
      const callback = [...node.arguments]
        .reverse()
        .find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        const named = title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title));
        cases.push({
          ...analyseCase(callback.body, title?.getText() ?? '', helpers),
          ...(named ? { name: title.text } : {}),
        });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return cases;
}

/** What a tool's own test file lacks under rule 2, or nothing. */
export function missingFor(cases: readonly TestCase[]): string[] {
  const observed = cases.filter((one) => one.observes);
  const missing: string[] = [];
  if (!observed.some((one) => one.expectsSuccess)) missing.push('a success case that inspects what was sent');
  if (!observed.some((one) => one.expectsFailure)) missing.push('a failure case that inspects what was sent');
  return missing;
}
