import { ConfigError, loadConfig, loadDotEnvFile } from '../config/env';
import { runAdmin } from './run-admin';

try {
  loadDotEnvFile();
  const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const };
  const code = await runAdmin(process.argv.slice(2), config, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `error: ${(error as Error).message}`);
  process.exit(1);
}
