import { type adminEndpoints as api, type DataOf, paiseToRupees, type ParsedRequestOf } from '@app/shared';
import type { Db } from '../../db/database';
import type { ReportWindow } from '../../db/report-sql';
import { AppError } from '../../lib/app-error';
import { pagePlayerBets } from '../bets';
import { pagePlayerRounds } from '../casino';
import { latestKycSubmission } from '../payments';
import { findPlayerByNameKey, searchPlayers } from '../users';
import type { ConsoleDeps } from './console-deps';
import { playerActivity, playerLedger, type PlayerRow, withBalanceAndLogin } from './console-player-reads';
import { iso, isoOrNull, pagingOf, rupees, tableAnswer, windowOf } from './console-support';

/** What a player's paged views are asked: whose, which page, which days. */
type PlayerPageBody = {
  user_name: string;
  page?: number | undefined;
  limit?: number | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
};

function playerWire(row: PlayerRow) {
  return {
    user_name: row.user_name,
    mobile: row.mobile,
    email: row.email,
    status: Number(row.is_disabled) === 1 ? ('disabled' as const) : ('active' as const),
    is_demo: Number(row.is_demo) === 1,
    cash: rupees(row.cash),
    created_at: iso(row.created_at),
    last_login_at: isoOrNull(row.last_login_at),
  };
}

/**
 * The console's views of a player (docs/console.md): the search, their page, ledger, bets, casino
 * rounds, activity and identity. The routes parse and answer; the acts find their player here.
 */
export function createConsolePlayers({ db, clock, wallet }: Pick<ConsoleDeps, 'db' | 'clock' | 'wallet'>) {
  /** A player by name (any case), or 404. */
  async function find(userName: string): Promise<PlayerRow> {
    const account = await findPlayerByNameKey(db, userName.trim().toLowerCase());
    if (!account) throw new AppError('NOT_FOUND', `No player is named ${userName}`);
    const [row] = await withBalanceAndLogin(db, [account]);
    return row!;
  }

  /** A page of the player's rows in the body's time window (the last 30 days unless it says), each in its wire shape. */
  async function playerPage<Row, Wire>(
    body: PlayerPageBody,
    read: (
      db: Db,
      userId: number,
      window: ReportWindow,
      limit: number,
      offset: number,
    ) => Promise<{ rows: Row[]; total: number }>,
    wire: (row: Row) => Wire,
  ) {
    const player = await find(body.user_name);
    const paging = pagingOf(body);
    const { rows, total } = await read(db, Number(player.id), windowOf(body, clock.now()), paging.limit, paging.offset);
    return tableAnswer(rows.map(wire), total, paging);
  }

  return {
    find,

    async list(body: ParsedRequestOf<typeof api.adminPlayers>): Promise<DataOf<typeof api.adminPlayers>> {
      const paging = pagingOf(body);
      const { rows, total } = await searchPlayers(db, body.search, paging.limit, paging.offset);
      return tableAnswer((await withBalanceAndLogin(db, rows)).map(playerWire), total, paging);
    },

    async detail(body: ParsedRequestOf<typeof api.adminPlayer>): Promise<DataOf<typeof api.adminPlayer>> {
      const row = await find(body.user_name);
      const [balances, kyc] = await Promise.all([wallet.balancesByName(row.user_name), latestKycSubmission(db, Number(row.id))]);
      return {
        ...playerWire(row),
        must_change_password: Number(row.is_change_password) === 1,
        kyc_status: kyc?.status ?? ('none' as const),
        balance: {
          cash: paiseToRupees(balances.cash),
          exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
          split_bonus: paiseToRupees(balances.splitBonus),
          wager_bonus: paiseToRupees(balances.wagerBonus),
        },
      };
    },

    async ledger(body: ParsedRequestOf<typeof api.adminPlayerLedger>): Promise<DataOf<typeof api.adminPlayerLedger>> {
      return playerPage(body, playerLedger, (entry) => ({
        id: Number(entry.id),
        at: iso(entry.created_at),
        kind: entry.kind,
        amount: rupees(entry.amount),
        account: entry.account,
        description: entry.note ?? entry.subject ?? entry.reference,
        operator: entry.operator ?? null,
      }));
    },

    async bets(body: ParsedRequestOf<typeof api.adminPlayerBets>): Promise<DataOf<typeof api.adminPlayerBets>> {
      return playerPage(body, pagePlayerBets, (bet) => ({
        bet_id: Number(bet.bet_id),
        at: iso(bet.placed_at),
        match_name: bet.match_name,
        market_name: bet.market_name,
        selection: bet.selection_name,
        side: Number(bet.is_back) === 1 ? 'back' : 'lay',
        odds: Number(bet.odds) / 100,
        stake: rupees(bet.stake),
        status: bet.status,
        profit_loss: bet.profit_loss === null ? null : rupees(bet.profit_loss),
      }));
    },

    async rounds(body: ParsedRequestOf<typeof api.adminPlayerRounds>): Promise<DataOf<typeof api.adminPlayerRounds>> {
      return playerPage(body, pagePlayerRounds, (round) => ({
        round_id: round.round,
        at: iso(round.created_at),
        game: round.game_name ?? round.game_code,
        provider: round.provider,
        stake: rupees(round.stake),
        payout: rupees(round.win),
        status: Number(round.win) > 0 ? 'won' : 'lost',
      }));
    },

    async activity(body: ParsedRequestOf<typeof api.adminPlayerActivity>): Promise<DataOf<typeof api.adminPlayerActivity>> {
      return playerPage(body, playerActivity, (event) => ({
        at: iso(event.created_at),
        action: event.event,
        ip: event.ip,
        detail: event.user_agent,
      }));
    },

    async identity(body: ParsedRequestOf<typeof api.adminPlayerIdentity>): Promise<DataOf<typeof api.adminPlayerIdentity>> {
      const row = await find(body.user_name);
      const kyc = await latestKycSubmission(db, Number(row.id));
      return {
        status: kyc?.status ?? ('none' as const),
        legal_name: kyc?.legal_name ?? null,
        date_of_birth: kyc?.date_of_birth ?? null,
        reason: kyc?.reason ?? null,
        submitted_at: isoOrNull(kyc?.created_at),
      };
    },
  };
}

export type ConsolePlayers = ReturnType<typeof createConsolePlayers>;
