import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs } from '../../web-test-runner.config.mjs';

/** A phone-sized viewport: the product is mobile first. */
export const phoneViewport = { width: 390, height: 844 };

/** A fresh Chromium profile (its own local storage and cookies), like a new visitor's phone. */
export async function newVisitor(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs.filter((arg) => arg !== '--headless'),
    headless: true,
    viewport: phoneViewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** axe-core's WCAG 2.0–2.2 A and AA rules, its experimental rules too; returns the violations as readable lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * The network fails for the next request to a URL matching `pattern` (a part of a screen that
 * loads after it, say); later requests go through.
 */
export async function failNextRequest(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) => route.abort('internetdisconnected'), { times: 1 });
}

/**
 * A back-office action that moves money asks first (widgets/admin/shared/AskFirst.tsx): presses the action,
 * waits for its question, and presses the question's own button of the same name.
 */
export async function pressAndConfirm(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.locator('.gs-admin__ask').getByRole('button', { name, exact: true }).click();
}

/**
 * The member's session as the site keeps it after a login (token and user record in local
 * storage): a journey that is not about logging in starts from here.
 */
export async function rememberSession(page: Page, baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/check`, { headers: { authorization: `Bearer ${token}` } });
  const user = ((await response.json()) as { detail: unknown }).detail;
  await page.goto(`${baseUrl}/eng/home`);
  await page.evaluate(
    ({ token: stored, user: record }) => {
      localStorage.setItem('user', JSON.stringify(record));
      localStorage.setItem('token', stored);
    },
    { token, user },
  );
}
