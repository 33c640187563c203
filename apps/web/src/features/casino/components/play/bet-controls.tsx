import {
  ANDAR_BAHAR_PAYS,
  DICE_OUTCOMES,
  diceMultiplier,
  diceParams,
  diceWinningRolls,
  DRAGON_TIGER_PAYS,
  DRAGON_TIGER_TIE_MULTIPLIER,
  formatNumber,
  limboParams,
  limboWinChance,
  MINES_TILES,
  minesMultiplier,
  minesWinChance,
  LUCKY_7_PAYS,
  ROULETTE_PAYS,
  rouletteParams,
  rouletteWinChance,
  TEEN_PATTI_PAYS,
  TEEN_PATTI_TIE_MULTIPLIER,
} from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AndarBaharBoard,
  type BoardProps,
  DiceBoard,
  DragonTigerBoard,
  LimboBoard,
  Lucky7Board,
  MinesBoard,
  PlinkoBoard,
  RouletteBoard,
  TeenPattiBoard,
} from './game-boards';
import { PayoutHint } from './payout-hint';

type Params = Record<string, unknown>;

interface GameUi {
  board: (props: BoardProps) => ReactNode;
  defaults: Params;
  controls: (props: { params: Params; setParams: (params: Params) => void }) => ReactNode;
}

function Choice({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: { value: string; label: string }[];
  value: unknown;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="casino-choice">
      <legend>{name}</legend>
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function NumberField({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: unknown;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="casino-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={String(value ?? '')}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  );
}

function DicePayout({ params }: { params: Params }) {
  const parsed = diceParams.safeParse(params);
  if (!parsed.success) return null;
  return <PayoutHint multiplier={diceMultiplier(parsed.data)} chance={diceWinningRolls(parsed.data) / DICE_OUTCOMES} />;
}

function LimboPayout({ params }: { params: Params }) {
  const parsed = limboParams.safeParse(params);
  if (!parsed.success) return null;
  const target = Math.round(parsed.data.target * 100);
  return <PayoutHint multiplier={target * 100} chance={limboWinChance(target)} />;
}

/**
 * What the picked tiles pay if all are safe, and how likely that is (docs/casino.md "Payout before
 * the bet"); before any tile is picked, what one tile pays.
 */
function MinesPayout({ params }: { params: Params }) {
  const { t } = useTranslation();
  const mines = Number(params.mines);
  const picked = Array.isArray(params.tiles) ? params.tiles.length : 0;
  if (!Number.isInteger(mines) || mines < 1 || mines > 24 || picked > MINES_TILES - mines) return null;
  const opened = Math.max(1, picked);
  return (
    <>
      <p className="casino-payout__for">{t('casino.mines.payoutFor', { count: opened })}</p>
      <PayoutHint multiplier={minesMultiplier(mines, opened)} chance={minesWinChance(mines, opened)} />
    </>
  );
}

/** A side's label with what it pays (×). */
function withPays(options: { value: string; label: string }[], pays: Record<string, number>) {
  return options.map((option) => ({
    ...option,
    label:
      pays[option.value] === undefined ? option.label : `${option.label} · ${formatNumber((pays[option.value] ?? 0) / 10_000)}×`,
  }));
}

function useSideOptions(values: readonly string[], prefix: string) {
  const { t } = useTranslation();
  return values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
}

function DiceControls({ params, setParams }: { params: Params; setParams: (params: Params) => void }) {
  const { t } = useTranslation();
  const options = useSideOptions(['under', 'over'], 'casino.dice');
  return (
    <>
      <NumberField
        label={t('casino.dice.target')}
        value={params.target}
        min={1}
        max={98.99}
        step={0.01}
        onChange={(target) => setParams({ ...params, target })}
      />
      <Choice
        name={t('casino.dice.direction')}
        options={options}
        value={params.direction}
        onChange={(direction) => setParams({ ...params, direction })}
      />
      <DicePayout params={params} />
    </>
  );
}

function SideControls({
  params,
  setParams,
  field,
  values,
  prefix,
  pays,
  tiePays,
}: {
  params: Params;
  setParams: (params: Params) => void;
  field: string;
  values: readonly string[];
  prefix: string;
  pays?: Record<string, number>;
  /** What a tie returns (×10 000), for the games where a tie is not a loss. */
  tiePays?: number;
}) {
  const { t } = useTranslation();
  const sideOptions = useSideOptions(values, prefix);
  const options = pays ? withPays(sideOptions, pays) : sideOptions;
  return (
    <>
      <Choice
        name={t('casino.pickSide')}
        options={options}
        value={params[field]}
        onChange={(value) => setParams({ ...params, [field]: value })}
      />
      {tiePays !== undefined && (
        <p className="casino-payout casino-payout--note">
          {t('casino.payout.tie', { multiplier: formatNumber(tiePays / 10_000) })}
        </p>
      )}
    </>
  );
}

function RoulettePayout({ params }: { params: Params }) {
  const parsed = rouletteParams.safeParse(params);
  if (!parsed.success) return null;
  return <PayoutHint multiplier={ROULETTE_PAYS[parsed.data.bet]} chance={rouletteWinChance(parsed.data)} />;
}

function RouletteControls({ params, setParams }: { params: Params; setParams: (params: Params) => void }) {
  const { t } = useTranslation();
  const bets = ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column', 'straight'] as const;
  const bet = String(params.bet ?? 'red');
  const needsPick = bet === 'straight' || bet === 'dozen' || bet === 'column';
  return (
    <>
      <label className="casino-field">
        <span>{t('casino.roulette.bet')}</span>
        <select
          value={bet}
          onChange={(event) => {
            const next = event.target.value;
            const isPick = next === 'straight' || next === 'dozen' || next === 'column';
            setParams(isPick ? { bet: next, pick: next === 'straight' ? 17 : 1 } : { bet: next });
          }}
        >
          {bets.map((value) => (
            <option key={value} value={value}>
              {`${t(`casino.roulette.bets.${value}`)} · ${formatNumber(ROULETTE_PAYS[value] / 10_000)}×`}
            </option>
          ))}
        </select>
      </label>
      {needsPick && (
        <NumberField
          label={t('casino.roulette.pick')}
          value={params.pick}
          min={bet === 'straight' ? 0 : 1}
          max={bet === 'straight' ? 36 : 3}
          step={1}
          onChange={(pick) => setParams({ ...params, pick })}
        />
      )}
      <RoulettePayout params={params} />
    </>
  );
}

/** Each game's board, default bet and bet controls. */
export const GAME_UI: Record<string, GameUi> = {
  dice: { board: DiceBoard, defaults: { target: 50, direction: 'under' }, controls: DiceControls },
  limbo: {
    board: LimboBoard,
    defaults: { target: 2 },
    controls: function LimboControls({ params, setParams }) {
      const { t } = useTranslation();
      return (
        <>
          <NumberField
            label={t('casino.limbo.target')}
            value={params.target}
            min={1.01}
            max={1_000_000}
            step={0.01}
            onChange={(target) => setParams({ target })}
          />
          <LimboPayout params={params} />
        </>
      );
    },
  },
  mines: {
    board: MinesBoard,
    defaults: { mines: 3, tiles: [] },
    controls: function MinesControls({ params, setParams }) {
      const { t } = useTranslation();
      return (
        <>
          <NumberField
            label={t('casino.mines.count')}
            value={params.mines}
            min={1}
            max={24}
            step={1}
            onChange={(mines) => setParams({ ...params, mines })}
          />
          <MinesPayout params={params} />
        </>
      );
    },
  },
  plinko: {
    board: PlinkoBoard,
    defaults: { rows: 16 },
    controls: function PlinkoControls({ params, setParams }) {
      const { t } = useTranslation();
      const options = ['8', '12', '16'].map((value) => ({ value, label: value }));
      return (
        <Choice
          name={t('casino.plinko.rows')}
          options={options}
          value={String(params.rows)}
          onChange={(rows) => setParams({ rows: Number(rows) })}
        />
      );
    },
  },
  'european-roulette': { board: RouletteBoard, defaults: { bet: 'red' }, controls: RouletteControls },
  'teen-patti': {
    board: TeenPattiBoard,
    defaults: { side: 'A' },
    controls: (props) => (
      <SideControls
        {...props}
        field="side"
        values={['A', 'B']}
        prefix="casino.teenPatti.sides"
        pays={TEEN_PATTI_PAYS}
        tiePays={TEEN_PATTI_TIE_MULTIPLIER}
      />
    ),
  },
  'andar-bahar': {
    board: AndarBaharBoard,
    defaults: { side: 'andar' },
    controls: (props) => (
      <SideControls {...props} field="side" values={['andar', 'bahar']} prefix="casino.sides" pays={ANDAR_BAHAR_PAYS} />
    ),
  },
  'dragon-tiger': {
    board: DragonTigerBoard,
    defaults: { side: 'dragon' },
    controls: (props) => (
      <SideControls
        {...props}
        field="side"
        values={['dragon', 'tiger']}
        prefix="casino.sides"
        pays={DRAGON_TIGER_PAYS}
        tiePays={DRAGON_TIGER_TIE_MULTIPLIER}
      />
    ),
  },
  'lucky-7': {
    board: Lucky7Board,
    defaults: { bet: 'low' },
    controls: (props) => (
      <SideControls {...props} field="bet" values={['low', 'seven', 'high']} prefix="casino.lucky7" pays={LUCKY_7_PAYS} />
    ),
  },
};
