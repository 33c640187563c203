import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every .ts file under `dir` except tests and declarations. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** A top-level function: a declaration, or a const bound to an arrow or a function expression. */
function topLevelFunctions(source) {
  const found = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) found.push([statement.name.text, statement]);
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(declaration.name)) {
          found.push([declaration.name.text, statement]);
        }
      }
    }
  }
  return found;
}

/**
 * The top-level functions under `rootDir` longer than `maxLines` (a service's closure, a route
 * file's registering function), as `file: name (lines)` with paths relative to `rootDir`.
 */
export function longFunctions(rootDir, maxLines) {
  const long = [];
  for (const file of sourceFiles(rootDir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const [name, node] of topLevelFunctions(source)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) long.push(`${path.relative(rootDir, file).split(path.sep).join('/')}: ${name} (${lines})`);
    }
  }
  return long.sort();
}
