import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  root,
  plugins: [react()],
  // The Host header is kept as the browser sent it, like a reverse proxy in production would:
  // the server's socket accepts only an Origin that matches the Host it sees.
  server: { proxy: proxy() },
  preview: { proxy: proxy() },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Vendor code changes far less often than ours; separate chunks keep browser caches warm.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The report generators' libraries (and react-pdf's own nested scheduler) stay in their lazy chunks.
          if (id.includes('@react-pdf')) return undefined;
          if (id.includes('@tabler/icons')) return 'icons';
          if (id.includes('@mantine') || id.includes('embla-carousel') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('i18next') || id.includes('dayjs')) return 'i18n';
          if (id.includes('zod')) return 'zod';
          if (/node_modules\/(react|react-dom|react-router|scheduler|@tanstack)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
