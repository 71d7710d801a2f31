/**
 * Spectral's precompiled OpenAPI meta-schema validators (`@stoplight/spectral-rulesets/dist/oas/schemas/validators.js`,
 * Ajv's standalone code for Swagger 2.0, OpenAPI 3.0, 3.1, 3.2 and Arazzo 1.0 in one module of 1 MB) as one file per
 * export, so that a run loads the one its spec needs (every command read all five before: issue 22). Each file holds
 * what its export reaches and nothing else: the module is read as ESM with that one export, and esbuild's tree
 * shaking drops the other validators (object literals and function declarations, free of side effects). The only
 * other statements, `validateN.evaluated = {...}` (what a JSON Schema 2020-12 validator tells its callers about the
 * properties it evaluated), are taken out first (TypeScript's parser finds them) and put back after the functions
 * that remain. The code is the package's own, unminified; its output is top-level code, not a function V8 would
 * parse twice.
 *
 * scripts/build-vendor.mjs calls `splitByExport` for dist/vendor/spectral-validators*.cjs.
 */
import { build } from 'esbuild';
import ts from 'typescript';

/**
 * The module's text (its requires already pointed at files beside it, which stay external), split by export:
 * each export name with its file's text. Throws when the module's exports are not `names`, so that a Spectral
 * upgrade that adds or renames one fails the build.
 */
export async function splitByExport(text, names, { resolveDir, external }) {
  const identifiers = new Map();
  const body = text
    .replace(/^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\n/m, '')
    .replace(/^exports\.\w+ = (?:exports\.\w+ = )*void 0;\n/m, '')
    .replace(/^exports\.(\w+) = (\w+);\n/gm, (_line, name, identifier) => {
      identifiers.set(name, identifier);
      return '';
    });
  if ([...identifiers.keys()].join() !== names.join() || /\bexports\./.test(body))
    throw new Error(
      `the validators module's exports are not ${names.join(', ')}: ${[...identifiers.keys()].join(', ')}`,
    );
  const { declarations, evaluated } = withoutEvaluated(body);
  const files = [];
  for (const name of names) {
    const result = await build({
      stdin: {
        contents: `${declarations}\nexport { ${identifiers.get(name)} as ${name} };\n`,
        loader: 'js',
        resolveDir,
      },
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      write: false,
      external,
      logLevel: 'warning',
    });
    const part = result.outputFiles[0].text;
    const kept = evaluated.filter(([validate]) => part.includes(`\nfunction ${validate}(`));
    files.push([name, `${part}${kept.map(([validate, value]) => `${validate}.evaluated = ${value};\n`).join('')}`]);
  }
  return files;
}

/**
 * The module's top-level statements less its `validateN.evaluated = {...}` assignments, and those assignments as
 * [function, value text]; throws on any other statement that is not a declaration, which tree shaking would keep.
 */
function withoutEvaluated(body) {
  const source = ts.createSourceFile('validators.js', body, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const evaluated = [];
  const cuts = [];
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement)) continue;
    // The "use strict" directive.
    if (ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression)) continue;
    const pairs = (ts.isExpressionStatement(statement) ? commaList(statement.expression) : []).map(evaluatedPair);
    if (pairs.length === 0 || pairs.includes(undefined))
      throw new Error(`the validators module has a statement tree shaking keeps: ${statement.getText(source)}`);
    evaluated.push(...pairs);
    cuts.push([statement.getStart(source), statement.end]);
  }
  let declarations = '';
  let from = 0;
  for (const [start, end] of cuts) {
    declarations += body.slice(from, start);
    from = end;
  }
  return { declarations: declarations + body.slice(from), evaluated };
}

/** `validateN.evaluated = {...}` as [validateN, its value's text]; undefined for any other expression. */
function evaluatedPair(expression) {
  const { left, right, operatorToken } = ts.isBinaryExpression(expression) ? expression : {};
  if (operatorToken?.kind !== ts.SyntaxKind.EqualsToken || !ts.isObjectLiteralExpression(right)) return undefined;
  if (!ts.isPropertyAccessExpression(left) || !ts.isIdentifier(left.expression) || left.name.text !== 'evaluated')
    return undefined;
  return [left.expression.text, right.getText()];
}

/** `a, b, c` as [a, b, c]. */
function commaList(expression) {
  return ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.CommaToken
    ? [...commaList(expression.left), ...commaList(expression.right)]
    : [expression];
}

/** The module that stands for the whole: each export a getter that loads its own file, `<prefix><name>.cjs`. */
export function indexOf(names, prefix) {
  const getters = names.map(
    (name) =>
      `  ${name}: { enumerable: true, get: () => require(${JSON.stringify(`./${prefix}${name}.cjs`)}).${name} },`,
  );
  return `"use strict";
// Spectral's precompiled OpenAPI meta-schema validators, one file per version (scripts/split-validators.mjs).
Object.defineProperty(exports, "__esModule", { value: true });
Object.defineProperties(exports, {
${getters.join('\n')}
});
`;
}
