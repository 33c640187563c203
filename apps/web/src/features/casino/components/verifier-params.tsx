import type { FairGameCode } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldSpec, type RawParams, rouletteTakesPick } from '../model/verifier-params';

type Translate = ReturnType<typeof useTranslation>['t'];

const options = (t: Translate, values: readonly string[], key: (value: string) => string) =>
  values.map((value) => ({ value, label: t(key(value)) }));

/** The fields of a game's bet, as the game page asks for them (no JSON to type). */
function fieldsOf(t: Translate, game: FairGameCode, raw: RawParams): FieldSpec[] {
  const side = (value: string) => `casino.verify.sides.${value}`;
  switch (game) {
    case 'dice':
      return [
        { name: 'target', kind: 'number', label: t('casino.dice.target'), min: 1, max: 98.99, step: 0.01 },
        {
          name: 'direction',
          kind: 'select',
          label: t('casino.dice.direction'),
          options: options(t, ['under', 'over'], (v) => `casino.dice.${v}`),
        },
      ];
    case 'limbo':
      return [{ name: 'target', kind: 'number', label: t('casino.limbo.target'), min: 1.01, step: 0.01 }];
    case 'mines':
      return [
        { name: 'mines', kind: 'number', label: t('casino.mines.count'), min: 1, max: 24, step: 1 },
        { name: 'tiles', kind: 'list', label: t('casino.verify.tiles'), hint: t('casino.verify.tilesHint') },
      ];
    case 'plinko':
      return [
        {
          name: 'rows',
          kind: 'select',
          label: t('casino.plinko.rows'),
          options: ['8', '12', '16'].map((value) => ({ value, label: value })),
        },
      ];
    case 'european-roulette':
      return [
        {
          name: 'bet',
          kind: 'select',
          label: t('casino.roulette.bet'),
          options: options(
            t,
            ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column', 'straight'],
            (v) => `casino.roulette.bets.${v}`,
          ),
        },
        ...(rouletteTakesPick(raw.bet)
          ? [{ name: 'pick', kind: 'number', label: t('casino.roulette.pick'), min: 0, max: 36, step: 1 } as const]
          : []),
      ];
    case 'teen-patti':
      return [{ name: 'side', kind: 'select', label: t('casino.verify.side'), options: options(t, ['A', 'B'], side) }];
    case 'andar-bahar':
      return [{ name: 'side', kind: 'select', label: t('casino.verify.side'), options: options(t, ['andar', 'bahar'], side) }];
    case 'dragon-tiger':
      return [{ name: 'side', kind: 'select', label: t('casino.verify.side'), options: options(t, ['dragon', 'tiger'], side) }];
    case 'lucky-7':
      return [
        { name: 'bet', kind: 'select', label: t('casino.verify.side'), options: options(t, ['low', 'high', 'seven'], side) },
      ];
    case 'classic-sevens':
      return [
        {
          name: 'lines',
          kind: 'select',
          label: t('slots.lines'),
          options: ['1', '2', '3', '4', '5'].map((value) => ({ value, label: value })),
        },
      ];
    default:
      return [];
  }
}

/** A game's bet for the verifier: one field per choice the game takes. */
export function VerifierParams({
  game,
  raw,
  onChange,
}: {
  game: FairGameCode;
  raw: RawParams;
  onChange: (next: RawParams) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fields = fieldsOf(t, game, raw);
  if (fields.length === 0) return <p className="casino-verifier__note">{t('casino.verify.noChoices')}</p>;
  return (
    <fieldset className="casino-verifier__bet">
      <legend>{t('casino.verify.bet')}</legend>
      {fields.map((field) => {
        const value = raw[field.name] ?? '';
        const set = (next: string) => onChange({ ...raw, [field.name]: next });
        return (
          <label key={field.name} className="casino-field">
            <span>{field.label}</span>
            {field.kind === 'select' ? (
              <select value={value} onChange={(event) => set(event.target.value)}>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'number' ? (
              <input
                type="number"
                inputMode="decimal"
                min={field.min}
                max={field.max}
                step={field.step}
                value={value}
                onChange={(event) => set(event.target.value)}
              />
            ) : (
              <>
                <input
                  value={value}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-describedby={`${id}-${field.name}-hint`}
                  onChange={(event) => set(event.target.value)}
                />
                <small id={`${id}-${field.name}-hint`}>{field.hint}</small>
              </>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
