import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { newVisitor } from '../helpers/browser.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { freePort, startProduct } from '../helpers/product-server.ts';

const samples = 5;
const widgetsDir = 'dist/widgets';
const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(widgetsDir, file)), { level: 9 }).length;

/** The chunks a chunk imports statically, itself included. */
function graph(file: string, chunks: Record<string, string[]>, seen = new Set<string>()): Set<string> {
  if (!seen.has(file)) {
    seen.add(file);
    for (const imported of chunks[file] ?? []) graph(imported, chunks, seen);
  }
  return seen;
}

/** The goal for the loader and the core every widget shares, restated for React-written screens on Preact (decision 046). */
const coreGoalBytes = 11 * 1024;

/** The bytes a partner page downloads (gzip), from the build's manifest: the loader, the shared core, the largest widget. */
export function widgetBytes(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(widgetsDir, 'manifest.json'), 'utf8')) as {
    loader: string;
    runtime: string;
    elements: Record<string, string>;
    chunks: Record<string, string[]>;
  };
  const core = new Set([manifest.loader, ...graph(manifest.runtime, manifest.chunks)]);
  const coreBytes = [...core].reduce((sum, file) => sum + gzip(file), 0);
  const widgets = Object.entries(manifest.elements).map(([tag, screen]) => {
    const own = [...graph(screen, manifest.chunks)].filter((file) => !core.has(file));
    return { tag, bytes: own.reduce((sum, file) => sum + gzip(file), 0) };
  });
  const largest = widgets.reduce((top, widget) => (widget.bytes > top.bytes ? widget : top));
  return [
    `loader ${gzip(manifest.loader)} B gzip (goal ≤ 2048)`,
    `loader + shared core ${coreBytes} B (goal ≤ ${coreGoalBytes}, decision 046: ${coreBytes <= coreGoalBytes ? 'met' : 'not met'})`,
    `largest screen beyond the core: ${largest.tag} ${largest.bytes} B (messages and style sheets come beside it)`,
  ].join('\n');
}

/**
 * A partner page on another origin, cold each time (a new browser profile): from the loader's
 * arrival to the first widget showing its own content (the session badge), on a local server.
 */
export async function firstWidgetFigures(): Promise<string> {
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${port}`;
  const partner = await startPartnerSite(apiOrigin, { '/': '<gs-session-badge></gs-session-badge><gs-wallet></gs-wallet>' });
  const product = await startProduct({ PORT: String(port), CORS_ORIGINS: partner.origin });
  const times: number[] = [];
  try {
    for (let sample = 0; sample < samples; sample += 1) {
      const visitor = await newVisitor();
      try {
        await visitor.page.goto(`${partner.origin}/`);
        await visitor.page.waitForFunction(() => (document.querySelector('gs-session-badge')?.shadowRoot?.textContent ?? '') !== '');
        const shown = await visitor.page.evaluate(() => performance.now());
        const loaderArrived = await visitor.page.evaluate(
          () =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
              entry.name.endsWith('/widgets/v1/embed.js'),
            )?.responseEnd ?? 0,
        );
        times.push(shown - loaderArrived);
      } finally {
        await visitor.close();
      }
    }
  } finally {
    await partner.close();
    await product.dispose();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `first widget visible after the loader arrived, partner page on another origin, cold profile, ${samples} samples: median ${median.toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms (goal ≤ 1000 ms: ${median <= 1000 ? 'met' : 'not met'}; an upper bound: measured when the test sees it)`;
}
