import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminEndpoints, type Endpoint, endpoints } from '@app/shared';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from './test-app';

/**
 * The API's description as partners use it (docs/deploy.md "The API described"): clean under
 * Redocly's recommended rules, and a TypeScript client generated from it has the contract's own
 * types, so the description cannot drift from what the server validates and answers.
 */
let t: TestApp;
let documentText: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  documentText = res.body;
});
afterAll(async () => t.close());

const SHARED_ENTRY = path.resolve(import.meta.dirname, '../../../packages/shared/src/index.ts');

/** Every endpoint of the contract, by the name the description uses as its operationId. */
const contract = { ...endpoints, ...adminEndpoints } as Record<string, Endpoint>;

/**
 * A file that assigns each endpoint's contract types (the request as sent, the answer's data)
 * to the generated client's types and back: it compiles only if they are the same types.
 */
function contractCheckSource(): string {
  const names = Object.keys(contract);
  const describedRequest = (name: string) =>
    contract[name]!.method === 'GET'
      ? `Query<operations[${JSON.stringify(name)}]['parameters']>`
      : `Body<operations[${JSON.stringify(name)}]>`;
  return `import type { adminEndpoints, DataOf, endpoints, ParsedRequestOf, RequestOf } from '@app/shared';
import type { operations } from './described';

type Contract = typeof endpoints & typeof adminEndpoints;
/** A GET's query parameters; an endpoint with none takes the empty object. */
type Query<P> = P extends { query?: infer Q } ? ([NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>) : never;
/** A POST's body, JSON or (for an upload) a form. */
type Body<O> = O extends { requestBody: { content: infer C } } ? C[keyof C] : never;
type Data<O> = O extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

interface FromContract {
${names.map((name) => `  ${name}: { request: ${contract[name]!.method === 'GET' ? 'ParsedRequestOf' : 'RequestOf'}<Contract['${name}']>; data: DataOf<Contract['${name}']> };`).join('\n')}
}
interface Described {
${names.map((name) => `  ${name}: { request: ${describedRequest(name)}; data: Data<operations['${name}']> };`).join('\n')}
}
declare const fromContract: FromContract;
declare const described: Described;
export const contractAsDescribed: Described = fromContract;
export const describedAsContract: FromContract = described;
`;
}

// The document is the same on both databases: check it once.
describe.runIf(testDatabaseKind() === 'sqlite')('the API description', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: documentText, absoluteRef: '/api/openapi.json', config });
    const listed = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    );
    expect(listed).toEqual([]);
  });

  // Type-checking the contract's inferred zod types is the cost: 6–9 s of CPU, more wall time
  // beside another test file on CI's two cores.
  it('generates a TypeScript client whose types are the contract’s, both ways', { timeout: 120_000 }, async () => {
    const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'openapi-client-')));
    try {
      // A file field of a form is its bytes, as the server's schema reads them.
      const bytes = ts.factory.createTypeReferenceNode('Uint8Array');
      const ast = await openapiTS(JSON.parse(documentText) as OpenAPI3, {
        transform: (schema) => ('contentMediaType' in schema ? bytes : undefined),
      });
      const described = astToString(ast);
      writeFileSync(path.join(folder, 'described.ts'), described);
      const check = path.join(folder, 'check.ts');
      writeFileSync(check, contractCheckSource());
      const program = ts.createProgram([check], {
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: false,
        target: ts.ScriptTarget.ES2023,
        lib: ['lib.es2023.d.ts'],
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        noEmit: true,
        types: [],
        // The shared package is TypeScript source; the check reads it as the apps do.
        paths: { '@app/shared': [SHARED_ENTRY] },
      });
      // The generated client and the check; the shared package is type-checked by `npm run typecheck`.
      const checked = program.getSourceFiles().filter((file) => file.fileName.startsWith(folder.replaceAll('\\', '/')));
      expect(checked.map((file) => path.basename(file.fileName)).sort()).toEqual(['check.ts', 'described.ts']);
      const found = [
        ...program.getOptionsDiagnostics(),
        ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
      ];
      const diagnostics = found.map((diagnostic) => {
        const where = diagnostic.file
          ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
          : '';
        return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
