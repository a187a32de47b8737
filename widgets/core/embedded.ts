import { createContext, useContext } from 'react';

/**
 * True inside a widget on a partner's page, false on the storefront's own pages. A widget is a
 * guest there: it never opens a modal over the partner's page, it offers its way in inline.
 */
export const EmbeddedContext = createContext(false);

export const useEmbedded = (): boolean => useContext(EmbeddedContext);
