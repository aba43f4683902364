import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { domainMessages, domainMessagesChunk } from './domain-messages';
import { mantineStyles } from './mantine-styles';
import { routePreloads } from './route-preloads';

// Resolve against this file so the build lands in packages/web/dist whether it runs from the
// package (npm run build -w @isik/web) or from the repository root.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

function proxy() {
  return {
    '/api': { target: apiTarget, changeOrigin: false },
    // The live socket; Vite's own HMR socket lives on another path, so the two never clash.
    '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    // The device service (its API and its browser socket /device-api/ws).
    '/device-api': { target: apiTarget, ws: true, changeOrigin: false },
  };
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), domainMessages(), mantineStyles(), routePreloads(root)],
  resolve: {
    // React Router's package sends bundlers to its development build (warnings, 30 % larger); a production
    // bundle takes the production build (ADR 0018).
    alias: command !== 'build' ? [] : [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
  },
  // The Host header is kept as the browser sent it, like a reverse proxy in production would:
  // the server's socket accepts only an Origin that matches the Host it sees.
  server: { proxy: proxy() },
  preview: { proxy: proxy() },
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads which chunks and styles each screen needs from here.
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      // zod's builders have no side effects: a schema the client never uses (the domain package defines them
      // for the server too) is dropped instead of pulling zod into every screen's first download.
      treeshake: { preset: 'recommended', manualPureFunctions: ['z'] },
      output: {
        // Vendor code changes far less often than ours: React, the router and TanStack Query (needed by every
        // page) get a chunk of their own that stays cached. Mantine, icons and the rest are left to Rollup, which
        // splits them by the lazily loaded screens that use them (ADR 0018: the public area stays small).
        manualChunks(id) {
          // One chunk per language with the shared and every feature's dictionary (i18n/index.ts loads the
          // reader's one before the first render), instead of one small request per feature and language.
          const dictionary = /\/i18n\/(tr|en|es)\.json$/.exec(id);
          if (dictionary) return `i18n-${dictionary[1]}`;
          const messages = domainMessagesChunk(id);
          if (messages) return messages;
          if (!id.includes('node_modules')) return undefined;
          // The report generators' libraries (and react-pdf's own nested scheduler) stay in their lazy chunks.
          if (id.includes('@react-pdf')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|scheduler|@tanstack)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
}));
