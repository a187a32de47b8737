import { createContext, useContext } from 'react';

/** What a widget tells the partner page it sits on, as `gs:<name>` DOM events (documented on the partner page). */
export type HostEventName = 'order-created' | 'transfer-completed' | 'card-edit' | 'navigate' | 'language' | 'error';
/** Dispatches `gs:<name>`; false when the page cancelled it (only `gs:navigate` has a default to cancel). */
export type HostEvents = (name: HostEventName, detail: Record<string, unknown>) => boolean;

/**
 * Provided by the widget runtime on a partner's page, where it dispatches a composed, bubbling
 * event from the widget's element; on our own pages nobody listens, so it does nothing.
 */
export const HostEventsContext = createContext<HostEvents>(() => true);

export const useHostEvents = (): HostEvents => useContext(HostEventsContext);
