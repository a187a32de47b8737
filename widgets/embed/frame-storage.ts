import { partnerPageFlagName } from '../core/page-mode.ts';
import { worksOnSession } from './frame-titles.ts';

/**
 * Imported first by the frame's script, before any store exists. A frame that works on the session
 * frame's session (cards, withdrawal, verification, the password change) keeps its stores in memory:
 * the session frame owns this origin's stored token, and a stand-in written here would reach it
 * through the storage event. The login and register frames keep theirs stored, as the site does, to
 * hand a new login over.
 */
const screen = document.querySelector('meta[name="gs-screen"]')?.getAttribute('content');
if (screen != null && worksOnSession(screen)) (globalThis as Record<symbol, unknown>)[Symbol.for(partnerPageFlagName)] = true;
