import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// The renderer is loaded from packaged files (never a dev server in production), so asset
// URLs are relative and the build lands beside the compiled main process.
export default defineConfig({
  root,
  base: './',
  plugins: [svelte()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    // The page is read from the app's own files, never over a network, so a big chunk costs no
    // download: the desk's code is one chunk (about 720 kB) and pdf.js another, loaded when a
    // label is previewed. Warned above 1 MB, which would be worth a look.
    chunkSizeWarningLimit: 1_000,
    rolldownOptions: {
      // Rolldown's note of which plugin took the build's time (the Svelte compiler, always) is for
      // profiling a build, not news at every `npm start` and `npm test`.
      checks: { bundlerTimings: false },
    },
  },
});
