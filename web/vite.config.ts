/// <reference types="vitest/config" />
import { defineConfig, searchForWorkspaceRoot, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

const server = 'http://localhost:8080';
const proxied = ['/api', '/assets', '/builds', '/connection', '/games', '/media'];

export default defineConfig({
  plugins: [react(), keepDistPlaceholders()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The lobby, and the in-house game pages the server serves at
      // /games/{game_code}/ from dist/games/{slot,baccarat,keno}/index.html.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
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
  },
});
