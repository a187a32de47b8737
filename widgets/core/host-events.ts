import { createContext, useContext } from 'react';

/** What a widget tells the partner page it sits on, as `gs:<name>` DOM events (documented on the partner page). */
export type HostEventName = 'order-created' | 'transfer-completed' | 'card-edit' | 'error';
export type HostEvents = (name: HostEventName, detail: Record<string, unknown>) => void;

/**
 * Provided by the widget runtime on a partner's page, where it dispatches a composed, bubbling
 * event from the widget's element; on our own pages nobody listens, so it does nothing.
 */
export const HostEventsContext = createContext<HostEvents>(() => undefined);

export const useHostEvents = (): HostEvents => useContext(HostEventsContext);
