import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifestIcons } from './src/features/pwa/icons.ts';
import { ACCOUNT_DATA_CACHE, ACCOUNT_DATA_URL_PATTERN } from './src/lib/offline-account-data.ts';
import { compileHintsForAppStart } from './vite/compile-hints.ts';
import { firstPaintWithoutScript } from './vite/first-paint.ts';
import { initialJsBudget } from './vite/initial-js-budget.ts';
import { preloadsAfterStart } from './vite/preloads-after-start.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The scripts index.html loads (the start-up script, the entry chunk and its static imports) must
 * stay under this, gzipped; above it the build fails (decision 0220).
 */
const INITIAL_JS_BUDGET_KB = 90;

const preloads = preloadsAfterStart();

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, once, at build time; the
 * server sends them to browsers that accept them (static files with preCompressed), so no request
 * pays for compression and the big script travels at about a quarter of its size.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    // After every other plugin has written its files (the service worker included).
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

// Plugins live in one list so later features add a line, not a new shape.
const plugins: PluginOption[] = [
  react(),
  tailwindcss(),
  VitePWA({
    // The app asks before switching to a new version (the "Update available" banner).
    registerType: 'prompt',
    // Registered from React (useRegisterSW); no extra script in index.html, which the CSP forbids inline.
    injectRegister: false,
    // The big PNGs (install icons, the sharing picture) are fetched when needed, not precached.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Astro Guidance',
      short_name: 'Astro Guide',
      description:
        'Astrology guidance from your own birth chart: a daily cosmic landscape and a chat with an astrology assistant.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The manifest holds one colour; index.html gives the browser both palettes by media query.
      theme_color: '#070a1d',
      background_color: '#070a1d',
      categories: ['lifestyle', 'entertainment'],
      icons: manifestIcons(),
      shortcuts: [
        { name: "Today's cosmic landscape", short_name: 'Landscape', url: '/#/cosmic-landscape' },
        { name: 'Ask the astrology assistant', short_name: 'Chat', url: '/#/chat' },
      ],
    },
    workbox: {
      // The app shell: the entry page (which carries the prerendered public pages), code, styles,
      // fonts and the icon. Source maps stay out.
      globPatterns: ['index.html', '**/*.{js,css,woff2}', 'favicon.svg', 'icons/icon.svg'],
      // Font subsets for other scripts are fetched only if a page ever needs them.
      globIgnores: ['**/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2'],
      // The daily note's push and notification-click handlers (public/push-handler.js), loaded by
      // the generated worker so it stays generated.
      importScripts: ['push-handler.js'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          // Page loads go to the network (fresh version, fresh security headers); without one, the
          // precached entry page starts the app, which routes on the hash as usual.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          // The signed-in person's own account, plan, birth data and chart: from the network when
          // there is one, else the last copy. Deleted at sign-out; no other API answer is kept.
          urlPattern: ACCOUNT_DATA_URL_PATTERN,
          method: 'GET',
          handler: 'NetworkFirst',
          options: { cacheName: ACCOUNT_DATA_CACHE, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  }),
  firstPaintWithoutScript(),
  preloads.plugin,
  initialJsBudget(INITIAL_JS_BUDGET_KB),
  compileHintsForAppStart(),
  precompress(),
];

export default defineConfig({
  root,
  plugins,
  build: {
    // The API server serves this folder (WEB_DIST_DIR).
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // Source maps stay out of the served build; WEB_SOURCEMAPS=hidden writes them for private upload.
    sourcemap: process.env.WEB_SOURCEMAPS === 'hidden' ? 'hidden' : false,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
