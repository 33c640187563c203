import { type FairRoundView, fairGame, formatAmount, formatNumber, formatRupees, isFairGameCode, isSlotCode } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Loading } from '@/components/ui';
import { useDocumentPageName } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { useCasinoStakes } from '../../api/casino-page-calls';
import { useFairPlay, useFairState } from '../../api/fair-calls';
import { playTone } from '../../model/sound';
import { GAME_UI } from './bet-controls';
import { CrashGame } from './crash-game';
import { GameRefusal } from './game-refusal';
import { RoundHistory } from './round-history';
import { SeedsPanel } from './seeds-panel';
import { SlotGame } from './slot-game';
import { SoundToggle } from './sound-toggle';
import { StakePicker } from './stake-picker';
import '../../casino.css';
import { ownGameName } from '../../model/game-name';

export interface GamePageProps {
  gameCode: string;
  /** The game session token of the launch address. */
  token: string;
  /** Money moved: the header balance should refresh. */
  onBalanceChanged: () => void;
}

/** /casino/play/{game}?token=…: our own provider's game page inside the casino layout. */
export function GamePage({ gameCode, token, onBalanceChanged }: GamePageProps) {
  const { t } = useTranslation();
  // The game's name is the page's title, as on its heading and its tile.
  useDocumentPageName(isFairGameCode(gameCode) ? ownGameName(t, gameCode, fairGame(gameCode).name) : '');
  if (!isFairGameCode(gameCode)) return <p className="casino-empty">{t('casino.play.unknownGame')}</p>;
  if (!token) {
    return (
      <p className="casino-empty">
        {t('casino.play.noSession')} <Link to="/home">{t('casino.play.backToLobby')}</Link>
      </p>
    );
  }
  if (gameCode === 'crash') return <CrashGame token={token} onBalanceChanged={onBalanceChanged} />;
  if (isSlotCode(gameCode)) return <SlotGame gameCode={gameCode} token={token} onBalanceChanged={onBalanceChanged} />;
  return <RoundGame gameCode={gameCode} token={token} onBalanceChanged={onBalanceChanged} />;
}

function RoundGame({ gameCode, token, onBalanceChanged }: GamePageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const ui = GAME_UI[gameCode];
  const state = useFairState(token, gameCode);
  const play = useFairPlay(token, gameCode);
  const stakes = useCasinoStakes(Boolean(session));
  const [stake, setStake] = useState<number>(Number.NaN);
  const [params, setParams] = useState<Record<string, unknown>>(ui?.defaults ?? {});
  const [last, setLast] = useState<{ round: FairRoundView; balance: number } | undefined>(undefined);
  // A new bet being set up hides the last outcome (the mines grid starts clean).
  const [isOutcomeShown, setIsOutcomeShown] = useState(false);
  // Why the last bet was refused (a limit, a pause, the balance): beside the Bet button, not a passing toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const changeParams = (next: Record<string, unknown>) => {
    setParams(next);
    setIsOutcomeShown(false);
  };
  const chosenStake = Number.isFinite(stake) ? stake : (stakes[0] ?? 10);
  if (!ui) return null;
  if (state.isPending) return <Loading label={t('casino.loading')} />;
  if (state.error) {
    return (
      <p className="casino-empty" role="alert">
        {state.error.message} <Link to="/home">{t('casino.play.backToLobby')}</Link>
      </p>
    );
  }
  const balance = last?.balance ?? state.data.balance;
  const Board = ui.board;
  const Controls = ui.controls;
  const outcome = isOutcomeShown ? (last?.round.outcome as Record<string, unknown> | undefined) : undefined;
  const placeBet = () => {
    setRefusal(null);
    play.mutate(
      { stake: chosenStake, params },
      {
        onSuccess: (data) => {
          setLast(data);
          setIsOutcomeShown(true);
          onBalanceChanged();
          playTone(data.round.payout > 0 ? 'win' : 'lose');
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };
  return (
    <div className="casino-game" data-game={gameCode}>
      <header className="casino-game__head">
        <h1>{ownGameName(t, gameCode, state.data.game_name)}</h1>
        <p className="casino-game__balance">
          {t('casino.play.balance')} <strong data-testid="game-balance">{formatRupees(balance)}</strong>
        </p>
        <SoundToggle />
      </header>
      <div className="casino-frame" data-testid="game-frame">
        <Board outcome={outcome} params={params} setParams={changeParams} roundKey={last?.round.round_uuid ?? 'idle'} />
        {last && (
          <p
            key={last.round.round_uuid}
            className={`casino-result casino-result--${last.round.payout > 0 ? 'win' : 'lose'}`}
            role="status"
            data-testid="round-result"
          >
            {last.round.payout > 0
              ? t('casino.play.won', {
                  amount: formatAmount(last.round.payout),
                  multiplier: (last.round.multiplier / 10_000).toFixed(2),
                })
              : t('casino.play.lost', { amount: formatAmount(last.round.stake) })}
          </p>
        )}
      </div>
      <div className="casino-controls">
        <Controls params={params} setParams={changeParams} />
        <StakePicker stakes={stakes} value={chosenStake} onChange={setStake} />
        <GameRefusal message={refusal} />
        <Button type="button" isBlock isLoading={play.isPending} onClick={placeBet} data-testid="game-bet">
          {t('casino.play.bet', { amount: formatNumber(chosenStake) })}
        </Button>
      </div>
      <SeedsPanel token={token} gameCode={gameCode} seeds={state.data.seeds} />
      <RoundHistory rounds={state.data.history} />
    </div>
  );
}
