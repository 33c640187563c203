import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Writes every failure of a run with its reason to the file in CI_FAILURES_FILE, one line each:
 * a failed test, and also what Vitest's JSON report leaves without a message: a failed
 * beforeAll/afterAll of a describe block, a module that could not load, an unhandled error.
 * `.ci/run` prints the file in its closing lines, where a reader of a CI log's tail looks.
 */
export default class FailureReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const file = process.env.CI_FAILURES_FILE;
    if (!file) return;
    const lines: string[] = [];
    const reason = (errors: ReadonlyArray<SerializedError>) =>
      errors.map((error) => firstLine(error.message ?? String(error))).join(' | ') || 'no message';
    for (const module of testModules) {
      const where = module.moduleId;
      if (module.errors().length > 0) lines.push(`${where}: ${reason(module.errors())}`);
      for (const suite of module.children.allSuites()) {
        if (suite.errors().length > 0) lines.push(`${where} > ${suite.fullName} (a hook): ${reason(suite.errors())}`);
      }
      for (const test of module.children.allTests('failed')) {
        lines.push(`${where} > ${test.fullName}: ${reason(test.result().errors ?? [])}`);
      }
    }
    for (const error of unhandledErrors) lines.push(`unhandled error: ${reason([error])}`);
    writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}
