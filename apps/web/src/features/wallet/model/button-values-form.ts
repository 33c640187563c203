import {
  type ButtonType,
  MAX_BUTTON_NAME_LENGTH,
  MAX_BUTTON_VALUE_RUPEES,
  MAX_BUTTONS_PER_TYPE,
  type StakeButton,
} from '@app/shared';

/** One editable row of the "Set button values" modal; the value stays text while typed. */
export interface ButtonDraft {
  key: number;
  name: string;
  value: string;
}

export type ButtonDrafts = Record<ButtonType, ButtonDraft[]>;

/** Translation keys under wallet.buttons.errors. */
export type ButtonFieldError =
  'nameRequired' | 'nameTooLong' | 'nameCharacters' | 'valueWhole' | 'valuePositive' | 'valueTooLarge';

export interface ButtonRowErrors {
  name?: ButtonFieldError;
  value?: ButtonFieldError;
}

let nextKey = 1;

export function toDrafts(buttons: readonly StakeButton[]): ButtonDrafts {
  const drafts: ButtonDrafts = { Game: [], Casino: [] };
  for (const button of buttons) {
    drafts[button.type].push({ key: nextKey++, name: button.button_name, value: String(button.button_value) });
  }
  return drafts;
}

export function emptyDraft(): ButtonDraft {
  return { key: nextKey++, name: '', value: '' };
}

export function canAddButton(drafts: ButtonDraft[]): boolean {
  return drafts.length < MAX_BUTTONS_PER_TYPE;
}

/** The same rules the server applies (contract `stakeButtonSchema`), as message keys per field. */
export function validateDraft(draft: ButtonDraft): ButtonRowErrors {
  const errors: ButtonRowErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > MAX_BUTTON_NAME_LENGTH) errors.name = 'nameTooLong';
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f<>]/.test(name)) errors.name = 'nameCharacters';
  const text = draft.value.trim();
  if (!/^\d+$/.test(text)) errors.value = /^-/.test(text) || text === '' ? 'valuePositive' : 'valueWhole';
  else if (Number(text) <= 0) errors.value = 'valuePositive';
  else if (Number(text) > MAX_BUTTON_VALUE_RUPEES) errors.value = 'valueTooLarge';
  return errors;
}

export function hasErrors(errors: ButtonRowErrors): boolean {
  return Boolean(errors.name || errors.value);
}

/** The request body: both types, each in the order shown; null when any row is invalid or a type is empty. */
export function toPayload(drafts: ButtonDrafts): StakeButton[] | null {
  const types: ButtonType[] = ['Game', 'Casino'];
  if (types.some((type) => drafts[type].length === 0 || drafts[type].length > MAX_BUTTONS_PER_TYPE)) return null;
  if (types.some((type) => drafts[type].some((draft) => hasErrors(validateDraft(draft))))) return null;
  return types.flatMap((type) =>
    drafts[type].map((draft) => ({ button_name: draft.name.trim(), button_value: Number(draft.value.trim()), type })),
  );
}
