/** The console module's public face: the operator console's API (docs/operators.md). */
export { type ConsoleDeps, createConsoleModule } from './console.module';
export type { ConsoleTestHooks } from './console-deps';
