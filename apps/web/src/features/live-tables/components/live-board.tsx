import { RANK_LABELS, type LiveRoundView } from '@app/shared';
import { useTranslation } from 'react-i18next';

const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'] as const;

/** One card face (0 … 51). */
export function Card({ card }: { card: number }) {
  const suit = Math.floor(card / 13);
  const rank = RANK_LABELS[card % 13] ?? '?';
  const isRed = suit === 1 || suit === 2;
  return (
    <span className={`lt-card${isRed ? ' lt-card--red' : ''}`} role="img" aria-label={`${rank}${SUIT_SYMBOLS[suit] ?? ''}`}>
      <span aria-hidden="true">{rank}</span>
      <span aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>
    </span>
  );
}

function CardBack() {
  return <span className="lt-card lt-card--back" aria-hidden="true" />;
}

interface AndarBaharOutcome {
  joker: number;
  andar: number[];
  bahar: number[];
  winner: string;
}
interface TeenPattiOutcome {
  a: number[];
  b: number[];
  a_hand: string;
  b_hand: string;
  winner: string;
}
interface RouletteOutcome {
  pocket: number;
  color: 'red' | 'black' | 'green';
}

/** The table's board: card backs while bets are open, the dealt outcome once drawn. */
export function LiveBoard({ round }: { round: LiveRoundView }) {
  const { t } = useTranslation();
  const outcome = round.phase === 'result' ? round.outcome : null;
  if (round.table === 'live-roulette') {
    const value = outcome as RouletteOutcome | null;
    return (
      <div className="lt-board lt-board--roulette">
        <span
          className={`lt-pocket lt-pocket--${value ? value.color : 'idle'}`}
          role="img"
          aria-label={value ? t('liveTables.outcome.pocket', { pocket: value.pocket }) : t('liveTables.outcome.spinning')}
          data-testid="live-outcome"
        >
          {value ? value.pocket : '?'}
        </span>
      </div>
    );
  }
  if (round.table === 'live-teen-patti') {
    const value = outcome as TeenPattiOutcome | null;
    const hand = (side: 'A' | 'B', cards: number[] | undefined, name: string | undefined) => (
      <div className={`lt-hand${value?.winner === side ? ' lt-hand--won' : ''}`}>
        <p>
          {t(`liveTables.spots.${side}`)}
          {name ? ` · ${t(`liveTables.hands.${name.replace(/ /g, '-')}`, { defaultValue: name })}` : ''}
        </p>
        <div className="lt-cards">
          {cards ? cards.map((card) => <Card key={card} card={card} />) : [1, 2, 3].map((key) => <CardBack key={key} />)}
        </div>
      </div>
    );
    return (
      <div className="lt-board" data-testid="live-outcome">
        {hand('A', value?.a, value?.a_hand)}
        {hand('B', value?.b, value?.b_hand)}
      </div>
    );
  }
  const value = outcome as AndarBaharOutcome | null;
  return (
    <div className="lt-board" data-testid="live-outcome">
      <div className="lt-hand lt-hand--joker">
        <p>{t('liveTables.outcome.joker')}</p>
        <div className="lt-cards">{value ? <Card card={value.joker} /> : <CardBack />}</div>
      </div>
      {(['andar', 'bahar'] as const).map((side) => (
        <div key={side} className={`lt-hand${value?.winner === side ? ' lt-hand--won' : ''}`}>
          <p>{t(`liveTables.spots.${side}`)}</p>
          <div className="lt-cards lt-cards--row">
            {value ? value[side].slice(-4).map((card) => <Card key={card} card={card} />) : <CardBack />}
          </div>
        </div>
      ))}
    </div>
  );
}
