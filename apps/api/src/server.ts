import { ConfigError, loadConfig, loadDotEnvFile } from './config/env';
import { buildApp } from './app';
import { closeGracefully, connectRedis, prepareDatabase } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  loadDotEnvFile();
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const redis = connectRedis(config.REDIS_URL);
  const app = await buildApp({ config, database, redis });

  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown did not finish in time: exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    closeGracefully(app, database, redis)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
