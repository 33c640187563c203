/**
 * Why the last bet was refused, the server's message (a responsible-play limit or pause, the
 * balance), beside the Bet button rather than a passing toast; read out when it appears.
 */
export function GameRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="casino-refusal" role="alert" data-testid="game-refusal">
      {message}
    </p>
  );
}
