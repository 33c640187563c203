import { MINES_TILES, PLINKO_TABLES, RED_NUMBERS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { PlayingCard } from './playing-card';

/** What a board draws: the last round's outcome (undefined before the first) and the bet being set up. */
export interface BoardProps {
  outcome: Record<string, unknown> | undefined;
  params: Record<string, unknown>;
  setParams: (params: Record<string, unknown>) => void;
  /** Changes with each round, so animations replay. */
  roundKey: string;
}

const cards = (value: unknown) => (Array.isArray(value) ? (value as number[]) : []);

export function DiceBoard({ outcome, params, roundKey }: BoardProps) {
  const { t } = useTranslation();
  const roll = typeof outcome?.roll === 'number' ? outcome.roll : undefined;
  const target = Number(params.target ?? 50);
  return (
    <div className="casino-board casino-board--dice">
      <div className="casino-dice__track" aria-hidden="true">
        <span
          className={`casino-dice__win casino-dice__win--${String(params.direction ?? 'under')}`}
          style={params.direction === 'over' ? { left: `${target}%` } : { width: `${target}%` }}
        />
        {roll !== undefined && <span key={roundKey} className="casino-dice__marker" style={{ left: `${roll}%` }} />}
      </div>
      <p className="casino-board__big" aria-live="polite">
        {roll !== undefined ? t('casino.dice.rolled', { roll: roll.toFixed(2) }) : t('casino.dice.ready')}
      </p>
    </div>
  );
}

export function LimboBoard({ outcome, roundKey }: BoardProps) {
  const result = typeof outcome?.result === 'number' ? outcome.result : undefined;
  return (
    <div className="casino-board casino-board--limbo">
      <p key={roundKey} className="casino-board__big casino-pop" aria-live="polite">
        {result !== undefined ? `${result.toFixed(2)}×` : '—'}
      </p>
    </div>
  );
}

export function MinesBoard({ outcome, params, setParams, roundKey }: BoardProps) {
  const { t } = useTranslation();
  const picked = new Set(Array.isArray(params.tiles) ? (params.tiles as number[]) : []);
  const mines = new Set(cards(outcome?.mines));
  const isRevealed = outcome !== undefined;
  const toggle = (tile: number) => {
    const next = new Set(picked);
    if (next.has(tile)) next.delete(tile);
    else next.add(tile);
    setParams({ ...params, tiles: [...next].sort((a, b) => a - b) });
  };
  return (
    <div className="casino-board casino-board--mines" key={roundKey}>
      <p className="casino-board__hint">{t('casino.mines.hint')}</p>
      <div className="casino-mines" role="group" aria-label={t('casino.mines.grid')}>
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const state = isRevealed ? (mines.has(tile) ? 'mine' : 'gem') : 'hidden';
          return (
            <button
              key={tile}
              type="button"
              className={`casino-mine casino-mine--${state}${picked.has(tile) ? ' casino-mine--picked' : ''}`}
              aria-pressed={picked.has(tile)}
              aria-label={t('casino.mines.tile', { n: tile + 1 })}
              onClick={() => toggle(tile)}
            >
              {state === 'mine' ? '✹' : state === 'gem' && picked.has(tile) ? '◆' : ''}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function PlinkoBoard({ outcome, params, roundKey }: BoardProps) {
  const rows = Number(params.rows ?? 16) as 8 | 12 | 16;
  const table = PLINKO_TABLES[rows] ?? PLINKO_TABLES[16];
  const path = cards(outcome?.path);
  const bucket = typeof outcome?.bucket === 'number' ? outcome.bucket : undefined;
  // The ball's x after each row: a right bounce moves half a peg gap.
  const steps = path.reduce<number[]>((xs, step) => [...xs, (xs.at(-1) ?? 0) + (step === 1 ? 0.5 : -0.5)], []);
  return (
    <div className="casino-board casino-board--plinko">
      <div className="casino-plinko" style={{ ['--rows' as string]: rows }}>
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="casino-plinko__row" aria-hidden="true">
            {Array.from({ length: row + 3 }, (_, peg) => (
              <span key={peg} className="casino-plinko__peg" />
            ))}
          </div>
        ))}
        {path.length > 0 && (
          <span
            key={roundKey}
            className="casino-plinko__ball"
            style={{
              ['--end-x' as string]: `${(steps.at(-1) ?? 0) / (rows + 1)}`,
              ['--mid-x' as string]: `${(steps[Math.floor(rows / 2)] ?? 0) / (rows + 1)}`,
            }}
            aria-hidden="true"
          />
        )}
      </div>
      <ol className="casino-plinko__buckets">
        {table.map((multiplier, index) => (
          <li key={index} className={index === bucket ? 'casino-plinko__bucket--hit' : undefined}>
            {multiplier / 10_000}×
          </li>
        ))}
      </ol>
    </div>
  );
}

export function RouletteBoard({ outcome, roundKey }: BoardProps) {
  const pocket = typeof outcome?.pocket === 'number' ? outcome.pocket : undefined;
  const color =
    pocket === undefined
      ? 'idle'
      : pocket === 0
        ? 'green'
        : (RED_NUMBERS as readonly number[]).includes(pocket)
          ? 'red'
          : 'black';
  return (
    <div className="casino-board casino-board--roulette">
      <div key={roundKey} className="casino-wheel" aria-hidden="true" />
      <p className={`casino-pocket casino-pocket--${color}`} aria-live="polite">
        {pocket ?? '—'}
      </p>
    </div>
  );
}

export function TeenPattiBoard({ outcome, roundKey }: BoardProps) {
  const { t } = useTranslation();
  return (
    <div className="casino-board casino-board--cards" key={roundKey}>
      {(['a', 'b'] as const).map((side) => (
        <div key={side} className={`casino-hand${outcome?.winner === side.toUpperCase() ? ' casino-hand--won' : ''}`}>
          <h3>{t(`casino.teenPatti.${side}`)}</h3>
          <div className="casino-hand__cards">
            {cards(outcome?.[side]).map((card, index) => (
              <PlayingCard key={card} card={card} delayMs={index * 250} />
            ))}
          </div>
          {typeof outcome?.[`${side}_hand`] === 'string' && <p>{String(outcome[`${side}_hand`])}</p>}
        </div>
      ))}
    </div>
  );
}

export function AndarBaharBoard({ outcome, roundKey }: BoardProps) {
  const { t } = useTranslation();
  const joker = typeof outcome?.joker === 'number' ? outcome.joker : undefined;
  return (
    <div className="casino-board casino-board--cards" key={roundKey}>
      <div className="casino-hand">
        <h3>{t('casino.andarBahar.joker')}</h3>
        <div className="casino-hand__cards">{joker !== undefined && <PlayingCard card={joker} />}</div>
      </div>
      {(['andar', 'bahar'] as const).map((side) => (
        <div key={side} className={`casino-hand${outcome?.winner === side ? ' casino-hand--won' : ''}`}>
          <h3>{t(`casino.sides.${side}`)}</h3>
          <div className="casino-hand__cards casino-hand__cards--row">
            {cards(outcome?.[side]).map((card, index) => (
              <PlayingCard key={card} card={card} delayMs={index * 120} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function DragonTigerBoard({ outcome, roundKey }: BoardProps) {
  const { t } = useTranslation();
  return (
    <div className="casino-board casino-board--cards" key={roundKey}>
      {(['dragon', 'tiger'] as const).map((side, index) => (
        <div key={side} className={`casino-hand${outcome?.winner === side ? ' casino-hand--won' : ''}`}>
          <h3>{t(`casino.sides.${side}`)}</h3>
          <div className="casino-hand__cards">
            {typeof outcome?.[side] === 'number' && <PlayingCard card={outcome[side]} delayMs={index * 300} />}
          </div>
        </div>
      ))}
    </div>
  );
}

export function Lucky7Board({ outcome, roundKey }: BoardProps) {
  const { t } = useTranslation();
  return (
    <div className="casino-board casino-board--cards" key={roundKey}>
      <div className="casino-hand casino-hand--won">
        <div className="casino-hand__cards">{typeof outcome?.card === 'number' && <PlayingCard card={outcome.card} />}</div>
        {typeof outcome?.result === 'string' && <p>{t(`casino.lucky7.${outcome.result}`)}</p>}
      </div>
    </div>
  );
}
