import { paiseToRupees } from '@app/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';

/** RTP as a percentage with two decimals, from paise (null without stakes). */
function rtpPercent(stakes: number, payouts: number): number | null {
  return stakes > 0 ? Math.round((payouts / stakes) * 10_000) / 100 : null;
}

/**
 * What the console does to the casino catalogue (docs/operators.md): list providers and games
 * with what their rounds paid against what they state, enable, order and mark popular.
 */
export function createCasinoAdmin(db: Db) {
  return {
    async providers() {
      const rows = await db
        .selectFrom('casino_providers')
        .select(['id', 'code', 'name', 'is_enabled', 'sort_order'])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        provider_id: Number(row.id),
        code: row.code,
        name: row.name,
        is_active: Number(row.is_enabled) === 1,
        sort_order: Number(row.sort_order),
      }));
    },

    async games(filter: { providerId?: number | undefined; search?: string | undefined }, limit: number, offset: number) {
      const base = () => {
        let query = db.selectFrom('casino_games as g').innerJoin('casino_providers as p', 'p.id', 'g.provider_id');
        if (filter.providerId !== undefined) query = query.where('g.provider_id', '=', filter.providerId);
        if (filter.search) {
          const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
          query = query.where(sql<boolean>`lower(g.name) like ${pattern} escape '\\'`);
        }
        return query;
      };
      const [rows, count] = await Promise.all([
        base()
          .leftJoin(
            (eb) =>
              eb
                .selectFrom('casino_rounds')
                .select([
                  'provider_id',
                  'game_code',
                  (e) => e.fn.countAll<number>().as('rounds'),
                  (e) => e.fn.sum<number>('stake').as('stakes'),
                  (e) => e.fn.sum<number>('win').as('payouts'),
                ])
                .groupBy(['provider_id', 'game_code'])
                .as('r'),
            (join) => join.onRef('r.provider_id', '=', 'g.provider_id').onRef('r.game_code', '=', 'g.code'),
          )
          .select([
            'g.id',
            'g.name',
            'g.category',
            'g.is_enabled',
            'g.is_popular',
            'g.sort_order',
            'g.stated_rtp_bp',
            'p.name as provider',
            'r.rounds',
            'r.stakes',
            'r.payouts',
          ])
          .orderBy('g.sort_order')
          .orderBy('g.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.map((row) => {
          const stakes = Number(row.stakes ?? 0);
          const payouts = Number(row.payouts ?? 0);
          return {
            game_id: Number(row.id),
            provider: row.provider,
            name: row.name,
            category: row.category,
            is_active: Number(row.is_enabled) === 1,
            is_popular: Number(row.is_popular) === 1,
            sort_order: Number(row.sort_order),
            stated_rtp: row.stated_rtp_bp === null ? null : Number(row.stated_rtp_bp) / 100,
            actual_rtp: rtpPercent(stakes, payouts),
            rounds: Number(row.rounds ?? 0),
            stakes: paiseToRupees(stakes),
            payouts: paiseToRupees(payouts),
          };
        }),
      };
    },

    async setProvider(providerId: number, change: { is_active?: boolean | undefined; sort_order?: number | undefined }) {
      const before = (await this.providers()).find((row) => row.provider_id === providerId);
      if (!before) throw new AppError('NOT_FOUND', `No provider has id ${providerId}`);
      const values = {
        ...(change.is_active === undefined ? {} : { is_enabled: change.is_active ? 1 : 0 }),
        ...(change.sort_order === undefined ? {} : { sort_order: change.sort_order }),
      };
      if (Object.keys(values).length > 0)
        await db.updateTable('casino_providers').set(values).where('id', '=', providerId).execute();
      const after = (await this.providers()).find((row) => row.provider_id === providerId) ?? before;
      return { before, after };
    },

    async setGame(
      gameId: number,
      change: { is_active?: boolean | undefined; is_popular?: boolean | undefined; sort_order?: number | undefined },
    ) {
      const read = () =>
        db
          .selectFrom('casino_games')
          .select(['id', 'is_enabled', 'is_popular', 'sort_order'])
          .where('id', '=', gameId)
          .executeTakeFirst()
          .then((row) =>
            row
              ? {
                  game_id: Number(row.id),
                  is_active: Number(row.is_enabled) === 1,
                  is_popular: Number(row.is_popular) === 1,
                  sort_order: Number(row.sort_order),
                }
              : undefined,
          );
      const before = await read();
      if (!before) throw new AppError('NOT_FOUND', `No game has id ${gameId}`);
      const values = {
        ...(change.is_active === undefined ? {} : { is_enabled: change.is_active ? 1 : 0 }),
        ...(change.is_popular === undefined ? {} : { is_popular: change.is_popular ? 1 : 0 }),
        ...(change.sort_order === undefined ? {} : { sort_order: change.sort_order }),
      };
      if (Object.keys(values).length > 0) await db.updateTable('casino_games').set(values).where('id', '=', gameId).execute();
      return { before, after: (await read()) ?? before };
    },
  };
}

export type CasinoAdmin = ReturnType<typeof createCasinoAdmin>;
