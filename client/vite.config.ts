import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves the API and the socket on 8080 (design.md §9); the dev server forwards to it.
const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
