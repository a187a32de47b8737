import { atom } from 'nanostores';

/** Where the API lives: the page's own origin for islands, the bundle's origin for widgets on partner sites. */
export const $apiOrigin = atom('');
