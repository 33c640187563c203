import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const API_SRC = path.join(ROOT, 'apps/api/src');

/**
 * Where a file sits in the dependency order: shared package; in the API the base layers (db,
 * lib, config) → plugins and modules → the app; and in the web app the shared layers
 * (components, lib, config) → one feature → app.
 */
export function layerOf(file) {
  const layer = layerOfFile(file);
  // The public-face rule is for the product's code: tests, journeys and benchmarks may set up a
  // module's inner parts.
  const relative = path.relative(API_SRC, file);
  layer.isProductCode = !relative.startsWith('..') && !/\.test\.tsx?$/.test(file);
  return layer;
}

function layerOfFile(file) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  if (relative.startsWith('packages/shared/')) return { kind: 'shared' };
  if (relative.startsWith('apps/api/src/')) {
    const parts = path.relative(API_SRC, file).split(path.sep);
    const top = parts[0];
    if (top === 'db' || top === 'lib' || top === 'config') return { kind: 'api-base', folder: top };
    if (top === 'modules' && parts[1]) {
      // A module's public face is its index.ts (an import of the folder itself resolves to it).
      const inner = parts
        .slice(2)
        .join('/')
        .replace(/\.(ts|js)$/, '');
      return { kind: 'api-feature', folder: top, module: parts[1], isPublicFace: inner === '' || inner === 'index' };
    }
    if (top === 'modules' || top === 'plugins') return { kind: 'api-feature', folder: top };
    return { kind: 'api' };
  }
  if (relative.startsWith('apps/api/')) return { kind: 'api' };
  if (!relative.startsWith('apps/web/')) return { kind: 'other' };
  const inSrc = path.relative(WEB_SRC, file).split(path.sep);
  if (inSrc[0] === 'features') return { kind: 'web-feature', feature: inSrc[1] };
  if (inSrc[0] === 'app') return { kind: 'web-app' };
  if (inSrc[0] === 'components' || inSrc[0] === 'lib' || inSrc[0] === 'config') return { kind: 'web-base' };
  return { kind: 'web-other' };
}

function resolveTarget(source, fromFile) {
  if (source.startsWith('@/')) return path.join(WEB_SRC, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  if (source === '@app/api' || source.startsWith('@app/api/')) return path.join(ROOT, 'apps/api/src');
  if (source === '@app/web' || source.startsWith('@app/web/')) return path.join(ROOT, 'apps/web/src');
  return null;
}

/** Why an import breaks the one-way rule, or null when it is allowed. */
export function violation(from, to) {
  if (from.kind === 'shared' && to.kind !== 'shared') return 'packages/shared imports neither app';
  if (from.kind.startsWith('api') && to.kind.startsWith('web')) return 'the API never imports the web app';
  if (from.kind.startsWith('web') && to.kind.startsWith('api')) return 'the web app never imports the API';
  if (from.kind === 'api-base' && to.kind === 'api-feature') {
    return `${from.folder}/ stands below modules and plugins and imports neither (a module adds its tables to db/schema.ts by declaration merging)`;
  }
  // config/ → lib/ → db/, bottom to top (docs/adr/0008): what needs the database lives in db/.
  const baseOrder = ['config', 'lib', 'db'];
  if (from.kind === 'api-base' && to.kind === 'api-base' && baseOrder.indexOf(to.folder) > baseOrder.indexOf(from.folder)) {
    return `${from.folder}/ stands below ${to.folder}/ (config → lib → db): move the code that needs ${to.folder}/ into it`;
  }
  if (to.module && to.module !== from.module && from.isProductCode) {
    // Money has one front door (docs/wallet.md, "Money"): the ledger is the money module's alone.
    if (to.module === 'ledger' && from.module !== 'money') return 'only the money module imports the ledger: use a money verb';
    if (!to.isPublicFace) return `import module "${to.module}" through its public face (modules/${to.module}/index.ts)`;
  }
  if (from.kind === 'web-base' && (to.kind === 'web-feature' || to.kind === 'web-app')) {
    return 'shared web code (components, lib, config) imports no feature and not the app';
  }
  if (from.kind === 'web-feature') {
    if (to.kind === 'web-app') return 'a feature never imports the app';
    if (to.kind === 'web-feature' && to.feature !== from.feature) {
      return `feature "${from.feature}" imports feature "${to.feature}": compose them in app/ instead`;
    }
  }
  return null;
}

export const oneWayImports = {
  meta: { type: 'problem', schema: [], messages: { wrongWay: '{{reason}}' } },
  create(context) {
    const from = layerOf(context.filename);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(source, context.filename);
      if (!target) return;
      const reason = violation(from, layerOf(target));
      if (reason) context.report({ node, messageId: 'wrongWay', data: { reason } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
