import { useEffect, type RefObject } from 'react';

/**
 * The shared Field (widgets/ui/form.tsx) renders a text input with no inputMode or type
 * beyond text/password. Member forms set the keyboard a phone should show on the element
 * once it is mounted (these screens render only in the browser, behind RequireLogin).
 */
export function useInputHints(ref: RefObject<HTMLInputElement | null>, hints: { inputMode?: string; type?: string }): void {
  useEffect(() => {
    const input = ref.current;
    if (input === null) return;
    if (hints.inputMode !== undefined) input.inputMode = hints.inputMode;
    if (hints.type !== undefined) input.type = hints.type;
  });
}
