import { availableParallelism } from 'node:os';
import { accountsScenario } from './accounts';
import { browserScenario } from './browser';
import { platformScenario } from './platform';
import { sportsScenario } from './sports';
import { walletScenario } from './wallet';
import { casinoScenario } from './casino';
import { betsScenario } from './bets';
import { hostileScenario } from './hostile';
import { memoryScenario } from './memory';
import { metricsScenario } from './metrics';
import { paymentsScenario } from './payments';
import { feedScenario } from './feed';
import { type BenchRow, type BenchScenario, createContext } from './harness';

/**
 * `npm run bench`: every scenario in one run on this machine, printing its figures and ratios.
 * Add a scenario by exporting a BenchScenario from a file here and listing it below.
 */
const scenarios: BenchScenario[] = [
  platformScenario,
  accountsScenario,
  walletScenario,
  metricsScenario,
  sportsScenario,
  memoryScenario,
  casinoScenario,
  betsScenario,
  hostileScenario,
  paymentsScenario,
  feedScenario,
  browserScenario,
];

/** The product's runtime (package.json "engines"); figures on another Node are not its figures. */
const PRODUCT_NODE_MAJOR = 24;
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(
  `Node ${process.version}, ${availableParallelism()} cores` +
    (nodeMajor < PRODUCT_NODE_MAJOR
      ? `: older than the product's runtime, Node ${PRODUCT_NODE_MAJOR}; its JavaScript runs slower (docs/benchmarks.md)`
      : ''),
);

const only = process.argv[2];
const rows: BenchRow[] = [];
const { context, cleanup } = createContext(rows);
try {
  for (const scenario of scenarios) {
    if (only && !scenario.name.includes(only)) continue;
    console.log(`\n${scenario.name}`);
    await scenario.run(context);
  }
} finally {
  await cleanup();
}
