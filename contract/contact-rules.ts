/*
 * A module of its own, apart from contract/limits.ts: the widget build puts a module's exports in one chunk, and only
 * the screens that take a phone or an address should carry these.
 */

/**
 * A member's phone number and e-mail address, at verification and when a verified member changes them: digits with an
 * optional leading + and spaces or hyphens between (5 to 20 characters, any country's plan); one @ and a dot after it,
 * up to the 254 characters an address may have.
 */
export const phoneRule = { pattern: '^\\+?[0-9][0-9 -]{3,18}[0-9]$', min: 5, max: 20 } as const;
export const emailRule = { pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', min: 3, max: 254 } as const;
