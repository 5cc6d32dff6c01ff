// The one way the suites start a browser: Debian's Chromium (E2E_CHROMIUM, set by scripts/e2e.mjs), never one a
// tool downloads, headless and without background traffic.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Chromium with the suites' flags, and any of the caller's (host resolver rules, …). */
export const launchChromium = (extraArgs = []) => chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
