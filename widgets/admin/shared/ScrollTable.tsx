import type { ReactNode } from 'react';

/**
 * A captioned table in a region that scrolls sideways on a phone. The region takes focus, so the
 * keyboard can scroll it even when the table holds no button (axe: scrollable-region-focusable),
 * and it is named by the caption.
 */
export function ScrollTable({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <div className="gs-admin__scroll" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="gs-table">
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
