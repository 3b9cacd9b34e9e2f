import { config } from 'zod';

// Zod probes `new Function` when a schema is built, to compile its parsers; the CSP forbids eval
// (README, Security) and reports the probe as a violation. vite.config.ts puts this module in zod's
// own chunk, which every chunk that builds a schema imports first, so the probe never runs.
config({ jitless: true });
