import { type CasinoResultRow, paiseToRupees, type ReportQuery } from '@app/shared';
import { pagingOf, resolveReportQuery } from '../money';
import * as repo from './casino.repository';
import { type CasinoDeps, OWN_PROVIDER_CODE } from './casino-support';

/** The player's casino result report: their rounds, a page at a time, with the totals. */
export function createCasinoResults({ db, clock }: CasinoDeps) {
  return {
    async casinoResult(userId: number, query: ReportQuery) {
      const resolved = resolveReportQuery(query, clock.now());
      const window = { startMs: resolved.startMs, endMs: resolved.endMs };
      const total = await repo.totalCasinoRounds(db, userId, window);
      const rows = await repo.pageCasinoRounds(db, userId, window, resolved.offset, resolved.limit);
      const ownCode = OWN_PROVIDER_CODE;
      return {
        ...pagingOf(resolved, total.rows),
        rows: rows.map((row): CasinoResultRow => ({
          id: Number(row.id),
          date: new Date(Number(row.created_at)).toISOString(),
          game_code: row.game_code,
          game_name: row.game_name ?? row.game_code,
          provider_code: row.provider_code,
          provider_name: row.provider_name,
          round: row.round,
          stake: paiseToRupees(Number(row.stake)),
          win: paiseToRupees(Number(row.win)),
          is_verifiable: row.provider_code === ownCode,
        })),
        totals: { stake: paiseToRupees(total.stake), win: paiseToRupees(total.win) },
      };
    },
  };
}
