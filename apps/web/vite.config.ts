import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Plugins live in one list so later features (the installable app) add a line, not a new shape.
const plugins: PluginOption[] = [react(), tailwindcss()];

export default defineConfig({
  root,
  plugins,
  build: {
    // The API server serves this folder (WEB_DIST_DIR).
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
