import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Insight's theme: the brand green (#00BA6C) is the primary palette, the brand red (#db4437) the
 * danger palette (spec 000 §9). Both are full 50–950 scales with the semantic tokens Chakra's
 * recipes read, so `colorPalette="brand"` / `"danger"` work on every component.
 *
 * The solid fill of buttons is a darker step of the green (brand.700) so white text on it keeps a
 * 4.5:1 contrast; the brand green itself marks the logo, the active tab, focus rings and accents.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        insight: {
          green: { value: '#00BA6C' },
          red: { value: '#db4437' },
          ink: { value: '#13201A' },
        },
        brand: {
          50: { value: '#E6F8F0' },
          100: { value: '#C0EED9' },
          200: { value: '#8DE0BD' },
          300: { value: '#4FD09C' },
          400: { value: '#1CC27F' },
          500: { value: '#00BA6C' },
          600: { value: '#009C5B' },
          700: { value: '#00854D' },
          800: { value: '#00663B' },
          900: { value: '#004A2B' },
          950: { value: '#002E1B' },
        },
        danger: {
          50: { value: '#FCEDEB' },
          100: { value: '#F8D3CF' },
          200: { value: '#F0A9A1' },
          300: { value: '#E87E72' },
          400: { value: '#E15F50' },
          500: { value: '#db4437' },
          600: { value: '#C53929' },
          700: { value: '#A32E21' },
          800: { value: '#7D2319' },
          900: { value: '#561811' },
          950: { value: '#340E0A' },
        },
      },
      fonts: {
        heading: { value: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
        body: { value: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        danger: {
          solid: { value: '{colors.danger.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.danger.700}', _dark: '{colors.danger.300}' } },
          muted: { value: { _light: '{colors.danger.100}', _dark: '{colors.danger.900}' } },
          subtle: { value: { _light: '{colors.danger.50}', _dark: '{colors.danger.950}' } },
          emphasized: { value: { _light: '{colors.danger.200}', _dark: '{colors.danger.800}' } },
          focusRing: { value: '{colors.danger.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
