import path from 'node:path';
import { JSDOM } from 'jsdom';
import { build, createServer, type Plugin } from 'vite';

// The first paint needs no script (decision 0163): index.html carries the public pages as a guest
// first sees them, rendered at build time from the app's own routes and components, and a tiny
// classic script in <head> (src/startup.ts) applies the theme and names the page to show; styles
// hide the others. The app's code then loads behind the styles and fonts the page shows (low fetch
// priority) and renders over it.

export const STARTUP_FILE = 'startup.js';
const ROOT_ELEMENT = '<div id="root"></div>';
const CHARSET = '<meta charset="UTF-8" />';

/** src/startup.ts as one self-contained classic script. */
async function bundleStartup(root: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, 'src/startup.ts'), formats: ['iife'], name: 'startup' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = output && 'output' in output ? output.output[0] : undefined;
  if (chunk?.type !== 'chunk') throw new Error('the start-up script did not build');
  return chunk.code;
}

/** Browser globals the app's modules read while loading, from a blank page of a first visit. */
function withBrowserGlobals<T>(work: () => Promise<T>): Promise<T> {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: 'http://localhost/',
  });
  const window = dom.window as unknown as Window & typeof globalThis;
  // A first visit on a light-themed phone: nothing stored, no dark preference.
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  const names = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  for (const name of names) {
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
  return work().finally(() => {
    names.forEach((name, index) => {
      const descriptor = saved[index];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    });
    dom.window.close();
  });
}

/** The public pages' markup, rendered by src/prerender.tsx through Vite's module loader. */
export async function renderPages(root: string): Promise<{ html: string; paths: readonly string[] }> {
  const server = await createServer({
    root,
    configFile: false,
    appType: 'custom',
    logLevel: 'error',
    // Nothing to watch: the server lives for one render and must leave no handle open behind it.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true },
  });
  try {
    return await withBrowserGlobals(async () => {
      const prerender = (await server.ssrLoadModule('/src/prerender.tsx')) as {
        renderPagesForGuest(): Promise<string>;
      };
      const pages = (await server.ssrLoadModule('/src/app/prerendered-pages.ts')) as {
        PRERENDERED_PATHS: readonly string[];
      };
      return { html: await prerender.renderPagesForGuest(), paths: pages.PRERENDERED_PATHS };
    });
  } finally {
    await server.close();
  }
}

/** The Latin subsets of the two web fonts: every page uses them (other subsets load on need). */
const FIRST_PAINT_FONTS = /^assets\/(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preload links for the fonts of the first paint. The fonts are used only if they are there
 * within the browser's short wait (font-display: optional); asked for with the page instead of
 * after the style sheet, they make it on a first visit over most lines.
 */
export function fontPreloads(fileNames: Iterable<string>): string[] {
  return [...fileNames]
    .filter((name) => FIRST_PAINT_FONTS.test(name))
    .map((name) => `<link rel="preload" href="/${name}" as="font" type="font/woff2" crossorigin>`);
}

export function firstPaintWithoutScript(): Plugin {
  let root = '';
  let startup = '';
  return {
    name: 'first-paint-without-script',
    configResolved(config) {
      root = config.root;
    },
    // In development the start-up script is built on request; nothing is prerendered.
    configureServer(server) {
      server.middlewares.use(`/${STARTUP_FILE}`, (_request, response, next) => {
        bundleStartup(root).then((code) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(code);
        }, next);
      });
    },
    async buildStart() {
      if (this.meta.watchMode === false) startup = await bundleStartup(root);
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: STARTUP_FILE, source: startup });
      // The web fonts are used only if they are there at first paint (on a first visit over a slow
      // line they are not; the service worker has them for every later visit). A font arriving
      // later would change the text's size under the reader, and again when the app renders.
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') {
          file.source = file.source.replaceAll('font-display:swap', 'font-display:optional');
        }
      }
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        for (const needed of [CHARSET, ROOT_ELEMENT]) {
          if (!html.includes(needed)) throw new Error(`index.html has no ${needed}`);
        }
        // Right after the character set: before anything in <body> is parsed.
        const withStartup = html.replace(CHARSET, `${CHARSET}\n    <script src="/${STARTUP_FILE}"></script>`);
        if (!context.bundle) return withStartup;
        const { html: pages, paths } = await renderPages(root);
        // Every prerendered page is hidden unless <html> names it (the start-up script does).
        const visibility = paths
          .map((path) => `html:not([data-page="${path}"]) #root > [data-prerendered="${path}"]`)
          .join(',\n      ');
        const preloads = fontPreloads(Object.keys(context.bundle)).join('\n    ');
        return withStartup
          .replace('</head>', `  ${preloads}\n  </head>`)
          .replace('</style>', `  ${visibility} {\n        display: none;\n      }\n    </style>`)
          .replace(ROOT_ELEMENT, `<div id="root">${pages}</div>`)
          .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
      },
    },
  };
}
