/// <reference types="vitest/config" />
import { defineConfig, searchForWorkspaceRoot, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const outDir = fileURLToPath(new URL('../internal/web/dist', import.meta.url));

// emptyOutDir wipes the committed placeholder files, and the Go package embeds
// dist with //go:embed all:dist, which fails on an empty or missing directory.
function keepDistPlaceholders(): Plugin {
  return {
    name: 'gamehall-keep-dist-placeholders',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/.gitkeep`, '');
      writeFileSync(`${outDir}/.gitignore`, '*\n!.gitignore\n!.gitkeep\n');
    },
  };
}

/**
 * The first-paint style (src/styles/boot.css) goes inline into every HTML
 * entry (one source, no request), and the static /loading page gets its two
 * strings in every language from the locale files.
 */
function htmlShell(): Plugin {
  const bootCss = () => readFileSync(fileURLToPath(new URL('./src/styles/boot.css', import.meta.url)), 'utf8');
  const loadingStrings = () => {
    const dir = fileURLToPath(new URL('./src/locales/', import.meta.url));
    const out: Record<string, { loading_game: string; back_home: string }> = {};
    const en = JSON.parse(readFileSync(`${dir}en_US.json`, 'utf8')) as Record<string, string>;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const d = JSON.parse(readFileSync(dir + f, 'utf8')) as Record<string, string>;
      out[f.slice(0, -5)] = { loading_game: d.loading_game ?? en.loading_game, back_home: d.back_home ?? en.back_home };
    }
    return out;
  };
  return {
    name: 'gamehall-html-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        let out = html.replace('<!--boot-style-->', `<style>\n${bootCss()}</style>`);
        if (ctx.filename.endsWith('loading.html')) out = out.replace('/*loading-strings*/ {}', JSON.stringify(loadingStrings()));
        return out;
      },
    },
    // The launcher opens /loading; the dev server answers it with the page the build serves there.
    configureServer(dev) {
      dev.middlewares.use((req, _res, next) => {
        if (req.url === '/loading' || req.url?.startsWith('/loading?')) req.url = req.url.replace('/loading', '/loading.html');
        next();
      });
    },
  };
}

const server = 'http://localhost:8080';
const proxied = ['/api', '/assets', '/builds', '/connection', '/games', '/media'];

export default defineConfig({
  plugins: [react(), htmlShell(), keepDistPlaceholders()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The lobby, the /loading window, and the in-house game pages the server serves at
      // /games/{game_code}/ from dist/games/{slot,baccarat,keno}/index.html.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        // /loading, a page without the app's code (internal/web serves it there).
        loading: fileURLToPath(new URL('./loading.html', import.meta.url)),
        'games/slot': fileURLToPath(new URL('./games/slot/index.html', import.meta.url)),
        'games/baccarat': fileURLToPath(new URL('./games/baccarat/index.html', import.meta.url)),
        'games/keno': fileURLToPath(new URL('./games/keno/index.html', import.meta.url)),
      },
    },
  },
  server: {
    // The strong-password rule imports the server's common-password list (?raw).
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), fileURLToPath(new URL('../internal/member/', import.meta.url))] },
    proxy: Object.fromEntries(
      proxied.map((p) => [p, { target: server, changeOrigin: true, ws: p === '/connection' }]),
    ),
  },
  test: {
    environment: 'jsdom',
    // https so the Secure ad-click cookie can be stored by jsdom's cookie jar.
    environmentOptions: { jsdom: { url: 'https://gamehall.test/' } },
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    css: false,
    // Above the 5 s wait of findBy/waitFor (src/test/setup.ts), so a slow step fails with its own message.
    testTimeout: 20000,
    // A worker per core: Vitest keeps one core back by default, which on two cores ran the 70
    // files one at a time (294 s against 190 s).
    maxWorkers: availableParallelism(),
  },
});
