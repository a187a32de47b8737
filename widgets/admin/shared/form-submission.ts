import { useState } from 'react';
import type { RefusalCode } from '../../../contract/refusals.ts';
import { useI18n, type Translate } from '../../core/i18n.ts';
import { knownRefusalKey, refusalCode, refusalKey } from '../../core/refusal.ts';
import { fieldErrors } from '../../ui/server-messages.ts';

/** A form's messages, by field name. */
export type FieldErrors = Record<string, string>;

/** How a back-office screen words a refused request. */
export interface RefusalWording {
  /** The refusal's field errors, each worded by its refusal; empty when the refusal names no field. */
  fields(error: unknown, t: Translate): FieldErrors;
  /** The refusal worded, or "the action failed" for one the screen does not word itself. */
  text(error: unknown, t: Translate): string;
}

/**
 * The wording of a screen that words the refusals in `known` itself. A refusal in `fieldOf` belongs
 * to that field even when the server names none (a serial number already taken belongs to the serial).
 */
export function refusalWording(known: readonly RefusalCode[], fieldOf: Partial<Record<RefusalCode, string>> = {}): RefusalWording {
  return {
    fields(error, t) {
      const code = refusalCode(error);
      const field = code === undefined ? undefined : fieldOf[code];
      if (code !== undefined && field !== undefined) return { [field]: t(refusalKey(code)) };
      return Object.fromEntries(Object.entries(fieldErrors(error, known)).map(([name, key]) => [name, t(key)]));
    },
    text: (error, t) => t(knownRefusalKey(error, known, 'admin_action_failed')),
  };
}

/**
 * A back-office form's sending: nothing is sent while the form's own checks find a fault; a
 * refusal of named fields is shown at those fields, any other above the form's buttons.
 */
export function useFormSubmission(wording: RefusalWording) {
  const { t } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  /** Shows `found` (the form's own findings); when there are none, sends. */
  const submit = async (found: FieldErrors, send: () => Promise<void>) => {
    setFailure('');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      const fields = wording.fields(error, t);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(wording.text(error, t));
    } finally {
      setBusy(false);
    }
  };

  return { errors, failure, setFailure, busy, submit };
}
