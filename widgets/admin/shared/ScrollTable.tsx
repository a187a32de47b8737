import type { ReactNode } from 'react';

/** The table's name: its own caption (with the caption's id), or a heading already on the screen. */
type TableName = { id: string; caption: string; labelledBy?: never } | { labelledBy: string; id?: never; caption?: never };

/**
 * A named table in a region that scrolls sideways on a phone: every back-office table goes through
 * it. The region takes focus, so the keyboard can scroll it even when the table holds no button
 * (axe: scrollable-region-focusable), and it is named as the table is: by the caption, or by the
 * heading `labelledBy` names when the screen already shows one above the table.
 */
export function ScrollTable({ children, ...name }: TableName & { children: ReactNode }) {
  const labelledBy = name.labelledBy ?? name.id;
  return (
    <div className="gs-admin__scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="gs-table" aria-labelledby={name.labelledBy}>
        {name.caption !== undefined && <caption id={name.id}>{name.caption}</caption>}
        {children}
      </table>
    </div>
  );
}
