import { startServer, stopOnSignals } from './start';

/**
 * The REST server alone (`npm run start:server`), for the scale-out layout where collab
 * processes serve /collab (docker-compose.yml). `npm start` runs scripts/embedded.ts instead,
 * which adds the collab server on the same port.
 */
startServer().then(
  (running) => stopOnSignals(running.close),
  (error: unknown) => {
    console.error('[nomen] failed to start:', error);
    process.exit(1);
  },
);
