// Entry point: read the configuration (a bad value stops here with a clear message) and start.
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await bootstrap(config);
  const shutdown = (signal: string) => {
    console.log(`${signal}: shutting down`);
    // A stop that cannot finish (a database connection that never returns to the pool after a storm of
    // aborted requests) must not keep a dead replica around: exit anyway, loudly, after the drain and a margin.
    const deadlineMs = config.SHUTDOWN_DRAIN_MS + 10_000;
    setTimeout(() => {
      console.error(`${signal}: shutdown did not finish within ${deadlineMs} ms; exiting anyway`);
      process.exit(1);
    }, deadlineMs).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('PermitDesk failed to start:', error);
  process.exit(1);
});
