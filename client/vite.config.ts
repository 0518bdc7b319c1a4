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
    rolldownOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // First of all: zod's jitless switch runs before any module builds or parses a schema, so
            // the built client never tries eval (its CSP forbids it). Its own chunk is imported first.
            { name: 'csp', test: /src[\\/]csp\.ts$/, priority: 10 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss)[\\/]/,
              priority: 1,
            },
            // The chart library (600 kB) stays out: it loads with the first chart, not with every page.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!apexcharts[\\/]|react-apexcharts[\\/])/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
