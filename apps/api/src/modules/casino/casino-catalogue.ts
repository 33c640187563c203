import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import * as repo from './casino.repository';
import { GAME_CATEGORIES, type GameCategory } from './casino.table';
import type { CasinoDeps } from './casino-support';
import { parseLaunchTemplate, parseProviderPublicKey } from './provider-keys';

const PROVIDER_CODE = /^[a-z0-9_-]{1,40}$/;
const GAME_CODE = /^[A-Za-z0-9_.:-]{1,60}$/;

export interface ProviderInput {
  code: string;
  name: string;
  publicKeyPem: string;
  launchUrl: string;
}

export interface GameInput {
  providerCode: string;
  code: string;
  name: string;
  category: string;
}

function checkName(name: string, label: string): string {
  const text = name.trim();
  // eslint-disable-next-line no-control-regex
  if (text.length < 1 || text.length > 80 || /[\u0000-\u001f<>]/.test(text)) {
    throw new AppError('BAD_REQUEST', `${label} must be 1 to 80 characters without < or >`);
  }
  return text;
}

/** The catalogue an operator keeps: the game providers (with their ledger accounts) and their games. */
export function createCasinoCatalogue({ db, clock, money }: CasinoDeps) {
  return {
    /** Registers a provider or replaces its name, key and launch template; opens its ledger accounts. */
    async registerProvider(input: ProviderInput): Promise<{ id: number; isNew: boolean }> {
      if (!PROVIDER_CODE.test(input.code))
        throw new AppError('BAD_REQUEST', 'The provider code must be 1 to 40 of a-z, 0-9, _ and -');
      const values = {
        name: checkName(input.name, 'The provider name'),
        public_key: parseProviderPublicKey(input.publicKeyPem),
        launch_url: parseLaunchTemplate(input.launchUrl),
      };
      // Outside any transaction, as the ledger asks: both books, so demo players can play too.
      await money.openProviderAccounts(db, input.code);
      const existing = await repo.findProviderByCode(db, input.code);
      if (existing) {
        await repo.updateProvider(db, existing.id, values);
        return { id: existing.id, isNew: false };
      }
      try {
        return { id: await repo.insertProvider(db, { code: input.code, ...values, created_at: clock.now() }), isNew: true };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `Provider ${input.code} was added at the same time`);
        throw error;
      }
    },

    async addGame(input: GameInput): Promise<void> {
      if (!GAME_CODE.test(input.code))
        throw new AppError('BAD_REQUEST', 'The game code must be 1 to 60 of A-Z, a-z, 0-9, _ . : and -');
      if (!(GAME_CATEGORIES as readonly string[]).includes(input.category)) {
        throw new AppError('BAD_REQUEST', `The category must be one of ${GAME_CATEGORIES.join(', ')}`);
      }
      const provider = await repo.findProviderByCode(db, input.providerCode);
      if (!provider) throw new AppError('NOT_FOUND', `No provider has the code ${input.providerCode}`);
      const owner = await repo.findGameOwner(db, input.code);
      if (owner && Number(owner.provider_id) !== provider.id) {
        throw new AppError('CONFLICT', `Game code ${input.code} belongs to another provider`);
      }
      await repo.upsertGame(db, {
        provider_id: provider.id,
        code: input.code,
        name: checkName(input.name, 'The game name'),
        category: input.category as GameCategory,
        created_at: clock.now(),
      });
    },
  };
}
