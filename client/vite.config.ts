import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vite configuration of the single-page client (ARCHITECTURE.md, Client): the dev server proxies
 * /api (and the collaboration WebSocket) to the API server on port 3001; the build lands in
 * client/dist, which the server serves with a single-page fallback.
 */
export default defineConfig({
  plugins: [react()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3001', changeOrigin: false },
      '/collab': { target: 'ws://localhost:3001', ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3001', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a change to the app does not bust the libraries' cache.
        codeSplitting: {
          groups: [
            {
              // zod with the module that turns its JIT off: every chunk that builds a schema imports
              // this one first, so the setting holds before any schema exists (README, Security: CSP).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]zodJitless\.ts$/,
              priority: 40,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
