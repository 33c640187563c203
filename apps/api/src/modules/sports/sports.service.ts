import type { Sport } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { listSports, updateSportActive } from './sports.repository';

/** The catalogue changes only by operator action; each instance keeps it this long. */
export const SPORTS_CACHE_MS = 2_000;

export interface SportsService {
  getSports(): Promise<Sport[]>;
  /** The catalogue kept in memory, while it is fresh. */
  sportsCopy(): Sport[] | undefined;
  setSportActive(sportId: number, isActive: boolean): Promise<void>;
}

export function createSportsService(db: Db, clock: Clock): SportsService {
  let cached: { sports: Sport[]; expiresAt: number } | null = null;

  const copy = () => (cached && cached.expiresAt > clock.now() ? cached.sports : undefined);

  return {
    sportsCopy: copy,

    async getSports() {
      const kept = copy();
      if (kept) return kept;
      const now = clock.now();
      const rows = await listSports(db);
      const sports = rows.map((row) => ({
        sport_id: row.sport_id,
        name: row.name,
        is_active: row.is_active === 1 ? ('1' as const) : ('0' as const),
      }));
      cached = { sports, expiresAt: now + SPORTS_CACHE_MS };
      return sports;
    },

    async setSportActive(sportId, isActive) {
      const updated = await updateSportActive(db, sportId, isActive);
      if (updated === 0) throw new AppError('NOT_FOUND', `No sport has id ${sportId}`);
      cached = null;
    },
  };
}
