/**
 * `npm run admin` that dies (SIGKILL, no clean-up) inside a money command's transaction, after the
 * money moved and before its audit row was written: the crash between the two. Test-only: it is
 * never part of the product.
 */
import { runAdmin } from '../../src/cli/run-admin';
import { loadConfig } from '../../src/config/env';

const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const };
const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
const code = await runAdmin(process.argv.slice(2), config, io, undefined, {
  beforeAuditWithin() {
    process.kill(process.pid, 'SIGKILL');
  },
});
process.exit(code);
