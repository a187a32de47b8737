import { ApiError, validationMessage } from '../shared/errors.ts';

/**
 * A body refused for its shape before any route reads it: nested too deeply, too many keys, a field
 * given twice, a multipart body that is cut off or malformed. It is the client's doing, so it is 400
 * with the validation code and the field at fault, and the error handler logs it at warn without a stack.
 */
export class RefusedInput extends ApiError {
  override name = 'RefusedInput';
  constructor(field: string, reason: string) {
    super(400, 'validation', validationMessage, { errors: { [field]: [reason] } });
  }
}
