import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every .ts (and .tsx, for the web) file under `dir` except tests: what ships. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|mts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}

/** Module specifiers a file imports or re-exports, type-only ones included (a type cycle is still a tangle). */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import graph of the files under `rootDir`, as the TypeScript compiler resolves them
 * (`declare module '…'` augmentations are not imports and do not count). Keys and values are
 * paths relative to `rootDir`; imports that leave it (packages, other workspaces) are dropped.
 */
export function importGraph(rootDir, tsconfigPath) {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const options = config?.options ?? {};
  const graph = new Map();
  for (const file of sourceFiles(rootDir)) {
    const targets = new Set();
    for (const specifier of specifiersOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (!resolved) continue;
      const relative = path.relative(rootDir, resolved);
      if (!relative.startsWith('..') && !path.isAbsolute(relative)) targets.add(relative.split(path.sep).join('/'));
    }
    graph.set(path.relative(rootDir, file).split(path.sep).join('/'), [...targets].sort());
  }
  return graph;
}

/** Every strongly connected group of more than one file (or a file importing itself), each as one cycle path. */
export function findCycles(graph) {
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let index = 0;
  const indexOf = new Map();
  const lowOf = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (node) => {
    indexOf.set(node, index);
    lowOf.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        lowOf.set(node, Math.min(lowOf.get(node), lowOf.get(next)));
      } else if (onStack.has(next)) {
        lowOf.set(node, Math.min(lowOf.get(node), indexOf.get(next)));
      }
    }
    if (lowOf.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);
  return groups.map((group) => cyclePath(graph, new Set(group)));
}

/** One concrete loop through a strongly connected group, for a readable message: a → b → a. */
function cyclePath(graph, group) {
  const start = [...group].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== null && at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
