import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves this build at /backoffice/ (apps/server/src/http/serve-backoffice.ts).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // One chunk for now (React, router, query, i18n, zod): an internal tool on office links.
    // Split it by route once the admin screens make one chunk too heavy.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5174,
    proxy: { '/ops': 'http://127.0.0.1:8080' },
  },
});
