import { config } from 'zod';

// Zod probes `new Function` when a schema is built, to compile its parsers; the CSP forbids eval
// (README, Security) and reports the probe as a violation. main.tsx imports this module first,
// before any contract schema is built, so the probe never runs.
config({ jitless: true });
