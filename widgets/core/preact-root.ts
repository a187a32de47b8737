import { hydrate, render, type ComponentChild } from 'preact';

/**
 * React's root API over Preact's render, for the partner build and the component tests (they
 * alias 'react-dom/client' here; see preact-react.ts).
 */
export interface Root {
  render(tree: ComponentChild): void;
  unmount(): void;
}

export function createRoot(container: Element | DocumentFragment): Root {
  return {
    render: (tree) => render(tree, container),
    unmount: () => render(null, container),
  };
}

export function hydrateRoot(container: Element | DocumentFragment, tree: ComponentChild): Root {
  hydrate(tree, container);
  return createRoot(container);
}
