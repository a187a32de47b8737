import type { RefusalCode } from '../../contract/refusals.ts';

/**
 * A failure the client can act on: its HTTP status, its stable code (what clients translate
 * and branch on), the message of the API contract and, for validation, the fields at fault.
 * Thrown by services; rendered by the error handler.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: RefusalCode;
  readonly detail: unknown;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: RefusalCode,
    message: string,
    options: { detail?: unknown; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.detail = options.detail ?? null;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** The original app's message for any failed validation. */
export const validationMessage = 'Parameter validation error.';

export const validationError = (errors: Record<string, string[]>, code: RefusalCode = 'validation'): ApiError =>
  new ApiError(422, code, validationMessage, { errors });

export const notFound = (code: RefusalCode, message: string): ApiError => new ApiError(404, code, message);

export const forbidden = (message = 'You may not access this record'): ApiError => new ApiError(403, 'forbidden', message);

/** A single field's failure, in the same shape as the schema validator's, with the code that names it. */
export const fieldError = (field: string, code: RefusalCode, message: string): ApiError => validationError({ [field]: [message] }, code);
