import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer: built to dist/renderer, loaded from packaged files (Electron) or the browser host.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: false },
});
