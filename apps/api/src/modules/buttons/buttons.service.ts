import {
  BUTTON_TYPES,
  DEFAULT_STAKE_BUTTONS,
  paiseToRupees,
  rupeesToPaise,
  type StakeButton,
  hasDisallowedLabelCharacters,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listButtons, replaceButtons } from './buttons.repository';
import { writeTransaction } from '../../db/unit-of-work';

export interface ButtonsService {
  /** The player's stake buttons; a type never saved shows the defaults. */
  getButtons(userId: number): Promise<StakeButton[]>;
  /** Saves the buttons of each type present in `buttons`; other types keep theirs. */
  setButtons(userId: number, buttons: StakeButton[]): Promise<StakeButton[]>;
}

export function createButtonsService(db: Db): ButtonsService {
  async function read(executor: Db, userId: number): Promise<StakeButton[]> {
    const saved = await listButtons(executor, userId);
    return BUTTON_TYPES.flatMap((type) => {
      const ofType = saved.filter((button) => button.type === type);
      if (ofType.length === 0) return DEFAULT_STAKE_BUTTONS.filter((button) => button.type === type);
      return ofType.map((button) => ({
        button_name: button.button_name,
        button_value: paiseToRupees(Number(button.value_paise)),
        type,
      }));
    });
  }

  return {
    getButtons: (userId) => read(db, userId),
    async setButtons(userId, buttons) {
      // A name that reads differently from what it holds (bidi overrides, invisible characters).
      const badIndex = buttons.findIndex((button) => hasDisallowedLabelCharacters(button.button_name));
      if (badIndex >= 0) {
        throw new AppError('BAD_REQUEST', `${badIndex}.button_name: Button name has characters that are not allowed`);
      }
      const types = BUTTON_TYPES.filter((type) => buttons.some((button) => button.type === type));
      return writeTransaction(db, async (trx) => {
        await replaceButtons(
          trx,
          userId,
          types,
          types.flatMap((type) =>
            buttons
              .filter((button) => button.type === type)
              .map((button, position) => ({
                user_id: userId,
                type,
                position,
                button_name: button.button_name,
                value_paise: rupeesToPaise(button.button_value),
              })),
          ),
        );
        return read(trx, userId);
      });
    },
  };
}
