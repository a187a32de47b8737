import type { Locator, Page } from 'playwright-core';
import eng from '../../locales/eng.json' with { type: 'json' };

/** Every `gs:*` event a widget sends the page (partners/embed documents them). */
export const widgetEvents = [
  'gs:login',
  'gs:logout',
  'gs:order-created',
  'gs:transfer-completed',
  'gs:card-edit',
  'gs:navigate',
  'gs:language',
  'gs:error',
  'gs:ready',
];

/** Records, before any script of the page runs, every CSP violation and every widget event, in the page and its frames. */
export async function watch(page: Page): Promise<void> {
  await page.addInitScript((names) => {
    const seen = { violations: [] as string[], events: [] as string[] };
    Object.assign(window, { __seen: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    for (const name of names) {
      document.addEventListener(name, (event) => seen.events.push(`${name} ${JSON.stringify((event as CustomEvent).detail)}`));
    }
  }, widgetEvents);
}

/** What watch() has recorded so far. */
export const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: { violations: string[]; events: string[] } }).__seen);

/** Logs in through the `<gs-login>` frame on our origin, as a member would. */
export async function logInThroughFrame(page: Page, username: string, password: string): Promise<void> {
  const form = page.frameLocator('gs-login iframe');
  await form.getByRole('button', { name: eng.login_submit }).waitFor();
  await page.waitForFunction(() => {
    const frame = document.querySelector('gs-login')?.shadowRoot?.querySelector('iframe');
    return frame !== null && frame !== undefined;
  });
  await form.getByLabel(eng.login_username).fill(username);
  await form.getByLabel(eng.login_password, { exact: true }).fill(password);
  await form.getByRole('button', { name: eng.login_submit }).click();
  await form.getByText(eng.embed_signed_in.replace('{{username}}', username)).waitFor();
}

/**
 * Waits until no request of the page or of any of its frames has started or finished for `quietMs`.
 * The browser's own network-idle signal is unreliable once frames of another site are added after the
 * page has loaded (our framed screens appear when the session is ready).
 */
export async function networkQuiet(page: Page, quietMs = 500, limitMs = 15_000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const until = Date.now() + limitMs;
    while (inFlight > 0 || Date.now() - last < quietMs) {
      if (Date.now() > until) throw new Error(`the page's network never went quiet for ${quietMs} ms`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Waits until no widget on the page has moved or changed size for `stillMs`. A framed screen grows
 * to fit its content a moment after the content changes (its frame tells the page its new height),
 * and what sits below it moves: a click aimed before that lands where the widget was.
 */
export async function layoutSettled(page: Page, stillMs = 300, limitMs = 10_000): Promise<void> {
  const boxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((element) => element.localName.startsWith('gs-'))
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${box.top},${box.height}`;
        })
        .join(' '),
    );
  const until = Date.now() + limitMs;
  let last = await boxes();
  let stillSince = Date.now();
  while (Date.now() - stillSince < stillMs) {
    if (Date.now() > until) throw new Error(`the widgets kept moving for ${limitMs} ms`);
    await page.waitForTimeout(50);
    const now = await boxes();
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    }
  }
}

/**
 * Clicks once the target is scrolled into view and the page is still. Chromium routes a click to
 * frames of another site by where they were when it last drew the page: a click sent the moment
 * after a scroll can reach a framed screen that was there before, never the target. The scroll is
 * the element's own: a frame of another site out of view draws no animation frames, so the
 * driver's wait for a still element before it scrolls would never end.
 */
export async function clickWhenStill(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await layoutSettled(page);
  await target.click();
}
