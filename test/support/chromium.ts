/**
 * How every browser run of the project launches Chromium: the browser suite, the screenshots and
 * the browser benches. Debian's `chromium-headless-shell` (test/setup/install-system-packages.sh),
 * the headless build Playwright itself runs headless tests in: the same Blink and V8 as the full
 * browser without its desktop parts, and about half its CPU over the browser suite. Playwright
 * never downloads a browser here. `CHROMIUM_PATH` points elsewhere (`/usr/bin/chromium`, the
 * full browser, runs the same tests).
 */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  // Nothing reaches past loopback: without these Chromium keeps trying the closed network.
  args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
} as const satisfies LaunchOptions;
