// @ts-check
import fs from 'node:fs';

/** The original app's version (docs/original-app.md); the package's version is shown instead once it is newer. */
const seedVersion = '1.1.230105';

const parts = (/** @type {string} */ version) => version.split(/[.+-]/).map((part) => Number.parseInt(part, 10) || 0);

/** Compares two dotted versions number by number (1.10 is newer than 1.9). */
export function newerVersion(/** @type {string} */ a, /** @type {string} */ b) {
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference > 0 ? a : b;
  }
  return a;
}

/**
 * The constants every build (Astro, rollup, the component-test server) replaces in the widgets:
 * the app version the settings screen shows, the day the build was made (UTC, YYYY-MM-DD), and
 * whether the build is the partner widget bundle (core/page-mode.ts: only rollup's widget build
 * says so, which leaves out what a partner's page never runs).
 */
export function buildConstants(partnerBundle = false) {
  const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return {
    __APP_VERSION__: JSON.stringify(newerVersion(manifest.version, seedVersion)),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
    __PARTNER_BUNDLE__: JSON.stringify(partnerBundle),
  };
}
