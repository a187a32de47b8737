/**
 * Whether this code runs on a partner's page or on the storefront's own pages. On a partner's
 * page nothing of ours is kept in the page's storage: every script of the partner's site could
 * read it there. The widget loader (embed/embed.ts) sets the flag before any store is made; it
 * is a global under a registered symbol rather than a module's variable so that the loader
 * shares no module with the widgets' chunks and fetches nothing before it starts them.
 *
 * `partnerBundle` is true in the bundle a partner's page loads (rollup.config.ts), where the flag
 * is always set: its build then leaves out what only our own pages run (local storage, the
 * direct HTTP client), as the widgets would never call it there.
 */
declare const __PARTNER_BUNDLE__: boolean;
export const partnerBundle: boolean = __PARTNER_BUNDLE__;

export const partnerPageFlagName = 'graphene-solar.partner-page';
const partnerPageFlag = Symbol.for(partnerPageFlagName);

type Flagged = typeof globalThis & { [partnerPageFlag]?: boolean };

export function onPartnerPage(): boolean {
  return partnerBundle || (globalThis as Flagged)[partnerPageFlag] === true;
}
