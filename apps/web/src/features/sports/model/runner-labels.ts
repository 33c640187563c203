/** A draw runner as feeds name it ("The Draw", "Draw"). */
const DRAW_NAME = /^(the\s+)?draw$/i;

/**
 * The heading over each runner's prices in a list row, as exchanges print them: 1 and 2 for the
 * sides in the feed's order and X for the draw (two or three runners); a field of more (a race)
 * is labelled by the runners' names.
 */
export function runnerLabels(runners: readonly { name: string }[]): string[] {
  if (runners.length > 3) return runners.map((runner) => runner.name);
  let side = 0;
  return runners.map((runner) => (DRAW_NAME.test(runner.name.trim()) ? 'X' : String((side += 1))));
}
