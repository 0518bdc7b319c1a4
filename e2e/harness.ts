import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../gateway/test/app';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
) as string[];
export const chromiumPath = candidates.find((candidate) => fs.existsSync(candidate));

/**
 * Why browser tests would skip: no Chromium on this machine. On CI (REQUIRE_BROWSER=1) that is an
 * error instead, so a missing browser cannot pass for green.
 */
export const skipReason = chromiumPath
  ? null
  : "no Chromium found (install Debian's chromium or set CHROMIUM_PATH); browser tests skipped";
if (!chromiumPath && process.env.REQUIRE_BROWSER === '1') throw new Error(skipReason!);
if (skipReason) console.warn(skipReason);

export interface E2E {
  gateway: TestApp;
  browser: Browser;
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The real gateway (demo accounts seeded, built client served) and a headless Chromium. `env` adds
 * gateway settings, e.g. `{INGEST: '1', SIM_CONTROL: '1'}` for the market (from the ingested template)
 * and the simulator's control.
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  if (!fs.existsSync(new URL('../client/dist/index.html', import.meta.url))) {
    throw new Error('client/dist is missing: run `npm run build` first (npm run test:browser does)');
  }
  const gateway = await startTestApp({ DEMO_SEED: '1', ...env });
  await gateway.app.ready();
  if (env.INGEST === '1') await gateway.app.ingestor.live;
  const browser = await chromium.launch({
    executablePath: chromiumPath!,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    gateway,
    browser,
    baseUrl: gateway.baseUrl,
    close: async () => {
      await browser.close();
      await gateway.close();
    },
  };
}

export const viewports = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export async function newPage(
  e2e: E2E,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport, baseURL: e2e.baseUrl });
  return context.newPage();
}

/** Signs in through the login form, as a user would. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Saves a screenshot under e2e/.artifacts/ when SCREENSHOTS=1 (to look at the screens, not to assert). */
export async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(new URL('./.artifacts/', import.meta.url), { recursive: true });
  await page.screenshot({
    path: new URL(`./.artifacts/${name}.png`, import.meta.url).pathname,
    fullPage: true,
  });
}
