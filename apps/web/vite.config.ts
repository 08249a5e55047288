import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reportInitialJs } from './build/report-initial-js.ts';

// @wps/shared resolves through the workspace package's exports to its TypeScript source,
// which Vite transforms like our own files; no alias is needed.
export default defineConfig({
  plugins: [react(), reportInitialJs({ budgetKb: 200 })],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The 120 s chunk timeout of spec §9 is the browser's concern; keep chunks reasonably sized.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/wps': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/ops': 'http://127.0.0.1:8080',
      '/sandbox-gateway': 'http://127.0.0.1:8080',
    },
  },
});
