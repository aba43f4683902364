import { defineConfig } from 'vite';
import { clientConfig } from './vite.config';

// The public pages' build (public.html on Preact's compatibility layer, ADR 0030); `npm run build` runs it after the
// back office's into the same dist folder.
export default defineConfig(({ command }) => clientConfig(command, 'public'));
