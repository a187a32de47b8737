import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysAskedFor } from '../../tests/helpers/asked-keys.ts';
import { embeddedRequireLoginMessageKeys } from '../auth/RequireLogin.tsx';
import { loginPromptMessageKeys } from '../auth/LoginPrompt.tsx';
import { screenElements } from '../screens/registry.ts';
import { frameScreenModules } from './frame-screen-modules.ts';
import { worksOnSession } from './frame-titles.ts';
import { frameMessageKeysOf, messageKeysOf } from './widget-messages.ts';

/** Each element's screen module, as the registry names it. */
function screenModules(): [tag: string, file: string][] {
  const registry = path.join(import.meta.dirname, '../screens/registry.ts');
  const source = fs.readFileSync(registry, 'utf8');
  return [...source.matchAll(/'(gs-[a-z-]+)': \(\) => import\('([^']+)'\)/g)].map((match) => [
    match[1] ?? '',
    path.resolve(path.dirname(registry), match[2] ?? ''),
  ]);
}

describe("each partner widget's catalogue", () => {
  it('holds every word its screen asks for by name (a missing one shows as its key on the partner page)', () => {
    // The partner bundle leaves out the login overlay (a widget offers its way in inline), and with it the overlay's own words.
    const overlayOnly = new Set<string>(
      loginPromptMessageKeys.filter((key) => !(embeddedRequireLoginMessageKeys as readonly string[]).includes(key)),
    );
    const modules = screenModules();
    expect(modules.map(([tag]) => tag).sort()).toEqual(Object.keys(screenElements).sort());
    const missing = Object.fromEntries(
      modules
        .map(([tag, file]) => {
          const handed = new Set(messageKeysOf(tag as keyof typeof screenElements));
          return [tag, keysAskedFor(file).filter((key) => !handed.has(key) && !overlayOnly.has(key))] as const;
        })
        .filter(([, keys]) => keys.length > 0),
    );
    expect(missing).toEqual({});
  });

  it('holds, for each framed screen, every word the screen and its frame ask for by name', () => {
    const here = (file: string) => path.join(import.meta.dirname, file);
    const overlayOnly = new Set<string>(loginPromptMessageKeys);
    for (const key of embeddedRequireLoginMessageKeys) overlayOnly.delete(key);
    // What the frame says around its screen: the guard of the session's screens, or the signed-in state after a login.
    const around = (screen: string) =>
      worksOnSession(screen) ? keysAskedFor(here('../auth/RequireLogin.tsx')) : ['embed_signed_in', 'setting_logout'];
    const missing = Object.fromEntries(
      Object.entries(frameScreenModules)
        .map(([screen, file]) => {
          const handed = new Set(frameMessageKeysOf(screen as keyof typeof frameScreenModules));
          const asked = [...keysAskedFor(here(`../${file}`)), ...around(screen)];
          return [screen, asked.filter((key) => !handed.has(key) && !overlayOnly.has(key))] as const;
        })
        .filter(([, keys]) => keys.length > 0),
    );
    expect(missing).toEqual({});
  });
});
