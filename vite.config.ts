import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The front end lives in src/web and is built to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    // WEB_OUT_DIR lets a second checkout or test run build elsewhere (the server's WEB_DIR then points there).
    outDir: process.env.WEB_OUT_DIR ?? '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    // npm run dev runs the API server on PORT (8000 unless set).
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8000}` },
  },
});
