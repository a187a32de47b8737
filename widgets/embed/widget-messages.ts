import fs from 'node:fs';
import { keysAskedBy } from '../../locales/asked-keys.ts';
import type { FrameScreen } from '../../contract/frame-screens.ts';
import { frameScreenModules } from './frame-screen-modules.ts';
import { frameCatalogue, frameTitleKeys } from './frame-titles.ts';

/** What the widget runtime itself says around every screen: loading, a service it cannot reach or that refuses this page, the session notice. */
const widgetRuntime = 'widgets/embed/runtime.tsx';
/** What a frame says around its screen: who is signed in, the way out, and the login guard of the session's screens. */
const frameRuntime = 'widgets/embed/frame-screens.tsx';
/**
 * Modules a partner page and a frame never run, so never word: the login overlay (a widget offers its way in
 * inline, the partner bundle is built without it), and the titles of the other frames (each frame has its own).
 */
const neverShown = ['widgets/auth/LoginPrompt.tsx', 'widgets/embed/frame-titles.ts'];

/** Each element's screen module, as the registry names it (`'gs-cart': () => import('../cart/CartScreen.island.tsx')`). */
export function elementModules(): Record<string, string> {
  const registry = fs.readFileSync('widgets/screens/registry.ts', 'utf8');
  const entries = [...registry.matchAll(/'(gs-[a-z-]+)': \(\) => import\('\.\.\/([^']+)'\)/g)];
  return Object.fromEntries(entries.map(([, tag = '', file = '']) => [tag, `widgets/${file}`]));
}

type FramedScreen = Exclude<FrameScreen, 'session'>;
const isFramed = (screen: string): screen is FramedScreen => Object.hasOwn(frameTitleKeys, screen);

/**
 * The words one partner widget shows, worked out from its screen's code (decision 067): an element whose
 * screen runs in our frame says only the frame's title on the page, the frame has its own catalogue.
 */
export function widgetMessageKeys(tag: string, module: string): string[] {
  const screen = tag.slice('gs-'.length);
  if (module.endsWith('/frame-element.ts') && isFramed(screen)) return [frameTitleKeys[screen], ...keysAskedBy(widgetRuntime, neverShown)];
  return keysAskedBy([module, widgetRuntime], neverShown);
}

/** The words a framed screen shows inside its frame on our origin (embed/frame-screens.tsx): its screen's, its title and the frame's. */
export function frameMessageKeys(screen: FramedScreen): string[] {
  return [frameTitleKeys[screen], ...keysAskedBy([`widgets/${frameScreenModules[screen]}`, frameRuntime], neverShown)];
}

/**
 * Every catalogue the build writes per language (scripts/widget-catalogues.ts): one per widget and one per
 * framed screen, by file name, so a widget fetches a few hundred bytes of words rather than the whole catalogue.
 */
export function catalogueKeys(): Record<string, string[]> {
  const widgets = Object.entries(elementModules()).map(([tag, module]) => [tag, widgetMessageKeys(tag, module)] as const);
  const frames = (Object.keys(frameScreenModules) as FramedScreen[]).map(
    (screen) => [frameCatalogue(screen), frameMessageKeys(screen)] as const,
  );
  return Object.fromEntries([...widgets, ...frames]);
}
