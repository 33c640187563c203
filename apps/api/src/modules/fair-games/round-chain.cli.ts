import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLiveTableCode, type RoundChainView } from '@app/shared';
import { type AdminCommand, type CommandContext, parseWholeNumber, requireOption, UsageError } from '../../plugins/admin-command';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { REPO_ROOT } from '../../config/paths';
import type { Clock } from '../../lib/clock';
import { createDrandRelay } from './drand-relay';
import { createRoundChains, type SaltSource } from './round-chain.service';

/** Where `fair chain create` records what it published, unless told otherwise (`--docs FILE|none`). */
export const FAIRNESS_DOCS_FILE = path.join(REPO_ROOT, 'docs/casino-fairness.md');
export const CHAINS_TABLE_START = '<!-- crash-chains:start -->';
export const CHAINS_TABLE_END = '<!-- crash-chains:end -->';
const TABLE_HEADER = ['Chain', 'Game', 'Rounds', 'Terminating hash', 'Salt', 'Starts (UTC)', 'Published (UTC)'];

/** The chains of an install as its config says: its relays, its notice (docs/casino-fairness.md, "Round chains"). */
export function roundChainsOf(db: Db, clock: Clock, config: AppConfig) {
  return createRoundChains({
    db,
    clock,
    beacon: createDrandRelay(config.DRAND_RELAYS),
    defaultNoticeMs: config.FAIR_CHAIN_NOTICE_MINUTES * 60_000,
  });
}

const utc = (isoTime: string) => isoTime.replace('T', ' ').replace(/\.\d+Z$/, '');

function saltCell(chain: RoundChainView): string {
  if (chain.beacon) return `drand ${chain.beacon.network} round ${chain.beacon.round}`;
  return `self-drawn, SHA-256 \`${chain.salt_hash ?? ''}\``;
}

function docsCells(chain: RoundChainView): string[] {
  return [
    String(chain.id),
    chain.game_code,
    String(chain.length),
    `\`${chain.terminating_hash}\``,
    saltCell(chain),
    utc(chain.starts_at),
    utc(chain.published_at),
  ];
}

/** A table laid out as Prettier lays it out (cells padded to their column), so `prettier --check` stays clean. */
function renderTable(rows: readonly string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(3, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}

const tableLines = (block: string) => block.split('\n').filter((line) => line.trim().startsWith('|'));

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The table between the markers: its lines, or undefined when the file has none. */
function chainsTable(text: string): { start: number; end: number; lines: string[] } | undefined {
  const start = text.indexOf(CHAINS_TABLE_START);
  const end = text.indexOf(CHAINS_TABLE_END);
  if (start < 0 || end < start) return undefined;
  const lines = tableLines(text.slice(start + CHAINS_TABLE_START.length, end));
  return lines.length >= 2 ? { start: start + CHAINS_TABLE_START.length, end, lines } : undefined;
}

/** The docs file to record the chain in, checked before the chain is made (undefined: none). */
function docsTarget(option: string | undefined): string | undefined {
  if (option === 'none') return undefined;
  const file = option ?? FAIRNESS_DOCS_FILE;
  if (!existsSync(file)) {
    if (option === undefined) return undefined;
    throw new UsageError(`cannot read ${file}`);
  }
  if (!chainsTable(readFileSync(file, 'utf8'))) {
    throw new UsageError(`${file} has no published-chains table (${CHAINS_TABLE_START} … ${CHAINS_TABLE_END})`);
  }
  return file;
}

/** Adds the chain's row to the published-chains table of the docs (rows of an older layout are kept as they were). */
function recordInDocs(file: string, chain: RoundChainView): void {
  const text = readFileSync(file, 'utf8');
  const table = chainsTable(text);
  if (!table) throw new UsageError(`${file} lost its published-chains table`);
  const [, , ...rows] = table.lines;
  const lines = renderTable([TABLE_HEADER, ...rows.map(cellsOf), docsCells(chain)]);
  writeFileSync(file, `${text.slice(0, table.start)}\n\n${lines.join('\n')}\n\n${text.slice(table.end)}`);
}

function gameOf(option: string): string {
  if (option === 'crash' || isLiveTableCode(option)) return option;
  throw new UsageError(`--game must be crash or a live table (live-andar-bahar, live-teen-patti, live-roulette), not ${option}`);
}

function saltOf(option: string | undefined): SaltSource {
  if (option === undefined || option === 'drand') return 'drand';
  if (option === 'self') return 'self';
  throw new UsageError('--salt must be drand or self');
}

async function createChain(context: CommandContext, gameCode: string): Promise<void> {
  const length = parseWholeNumber(requireOption(context, 'length'), '--length');
  const salt = saltOf(context.options.salt);
  const notice = context.options['notice-minutes'];
  const noticeMs = notice === undefined ? undefined : parseWholeNumber(notice, '--notice-minutes') * 60_000;
  const docs = docsTarget(context.options.docs);
  const chains = roundChainsOf(context.database.db, context.clock, context.config);
  const chain = await chains.create({ gameCode, length, salt, noticeMs });
  context.audit({ target: `round chain ${chain.id}`, after: chain });
  context.print(
    `published ${gameCode} chain ${chain.id}: ${chain.length} rounds, played after the ${gameCode} chains published before it`,
  );
  context.print(`terminating hash: ${chain.terminating_hash}`);
  context.print(`starts no earlier than ${utc(chain.starts_at)} UTC`);
  if (chain.beacon) {
    context.print(
      `salt: drand ${chain.beacon.network} round ${chain.beacon.round} (out at ${utc(chain.beacon.round_at)} UTC; chain ${chain.beacon.chain_hash})`,
    );
    if (context.config.DRAND_RELAYS.length === 0) {
      context.print(
        `no drand relay is configured (DRAND_RELAYS): once the round is out, give it with \`fair chain beacon --chain ${chain.id} --signature HEX\``,
      );
    }
  } else {
    context.print(`salt commitment (SHA-256 of the salt): ${chain.salt_hash}`);
    context.print('the salt was drawn here (the offline fallback): it is revealed when the chain’s first round opens');
  }
  context.print(`it shows on the game's page and at /api/fair/roundChains?game=${gameCode}`);
  if (docs) {
    recordInDocs(docs, chain);
    context.print(`recorded in ${path.relative(REPO_ROOT, docs)}: publish it before the chain's first round`);
  }
}

const CREATE_OPTIONS = ['length', 'salt', 'notice-minutes', 'docs'];
const CREATE_USAGE = '--length N [--salt drand|self] [--notice-minutes M] [--docs FILE|none]';

export const roundChainCommands: AdminCommand[] = [
  {
    name: 'fair chain create',
    usage: `fair chain create --game crash|live-andar-bahar|live-teen-patti|live-roulette ${CREATE_USAGE}   (publishes a round chain; docs/casino-fairness.md)`,
    options: ['game', ...CREATE_OPTIONS],
    run: (context) => createChain(context, gameOf(requireOption(context, 'game'))),
  },
  {
    name: 'crash chain create',
    usage: `crash chain create ${CREATE_USAGE}   (fair chain create --game crash)`,
    options: CREATE_OPTIONS,
    run: (context) => createChain(context, 'crash'),
  },
  {
    name: 'fair chain beacon',
    usage:
      'fair chain beacon --chain ID --signature HEX   (gives a drand chain its beacon round by hand; checked before it is taken)',
    options: ['chain', 'signature'],
    async run(context) {
      const chainId = parseWholeNumber(requireOption(context, 'chain'), '--chain');
      const signature = requireOption(context, 'signature').trim().toLowerCase();
      const chain = await roundChainsOf(context.database.db, context.clock, context.config).supplyBeacon(chainId, signature);
      context.audit({ target: `round chain ${chain.id}`, after: { beacon: chain.beacon } });
      context.print(`chain ${chain.id}: drand round ${chain.beacon?.round} verified; salt ${chain.salt}`);
    },
  },
  {
    name: 'fair chain list',
    usage: 'fair chain list --game G   (the published chains of a game, newest first)',
    options: ['game'],
    async run(context) {
      const gameCode = gameOf(requireOption(context, 'game'));
      const chains = await roundChainsOf(context.database.db, context.clock, context.config).list(gameCode, 50);
      for (const chain of chains) {
        const salt = chain.beacon
          ? `drand round ${chain.beacon.round}${chain.beacon.signature ? ' (in)' : ' (awaited)'}`
          : 'self-drawn';
        context.print(
          `${chain.id}  ${chain.status}  ${chain.length} rounds  starts ${utc(chain.starts_at)}  ${salt}  ${chain.terminating_hash}`,
        );
      }
      if (chains.length === 0) context.print(`no chain of ${gameCode} is published`);
    },
  },
];
