import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CrashChainView } from '@app/shared';
import { type AdminCommand, parseWholeNumber, requireOption, UsageError } from '../../cli/command';
import { REPO_ROOT } from '../../config/paths';
import { createCrashChains } from './crash-chain.service';

/** Where `crash chain create` records what it published, unless told otherwise (`--docs FILE|none`). */
export const FAIRNESS_DOCS_FILE = path.join(REPO_ROOT, 'docs/casino-fairness.md');
export const CHAINS_TABLE_START = '<!-- crash-chains:start -->';
export const CHAINS_TABLE_END = '<!-- crash-chains:end -->';

function docsCells(chain: CrashChainView): string[] {
  const published = chain.published_at.replace('T', ' ').replace(/\.\d+Z$/, '');
  return [String(chain.id), String(chain.length), `\`${chain.terminating_hash}\``, `\`${chain.salt_hash}\``, published];
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

/** Adds the chain's row to the published-chains table of the docs. */
function recordInDocs(file: string, chain: CrashChainView): void {
  const text = readFileSync(file, 'utf8');
  const table = chainsTable(text);
  if (!table) throw new UsageError(`${file} lost its published-chains table`);
  const [header = '', , ...rows] = table.lines;
  const lines = renderTable([cellsOf(header), ...rows.map(cellsOf), docsCells(chain)]);
  writeFileSync(file, `${text.slice(0, table.start)}\n\n${lines.join('\n')}\n\n${text.slice(table.end)}`);
}

export const crashCommands: AdminCommand[] = [
  {
    name: 'crash chain create',
    usage: 'crash chain create --length N [--docs FILE|none]   (publishes a Crash round chain; docs/casino-fairness.md)',
    options: ['length', 'docs'],
    async run(context) {
      const length = parseWholeNumber(requireOption(context, 'length'), '--length');
      const docs = docsTarget(context.options.docs);
      const chain = await createCrashChains(context.database.db, context.clock).create(length);
      context.print(`published crash chain ${chain.id}: ${chain.length} rounds, played after the chains published before it`);
      context.print(`terminating hash: ${chain.terminating_hash}`);
      context.print(`salt commitment (SHA-256 of the salt): ${chain.salt_hash}`);
      context.print(
        'the salt is revealed when the chain’s first round opens; both show on the Crash page and at /api/fair/crashChains',
      );
      if (docs) {
        recordInDocs(docs, chain);
        context.print(`recorded in ${path.relative(REPO_ROOT, docs)}: publish it before the chain's first round`);
      }
    },
  },
];
