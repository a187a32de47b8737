import type { Page } from 'playwright-core';
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
