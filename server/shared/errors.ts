/**
 * A failure the client can act on: its HTTP status, the message of the API contract and,
 * for validation, the fields at fault. Thrown by services; rendered by the error handler.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly detail: unknown;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { detail?: unknown; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.detail = options.detail ?? null;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** The seed's message for any failed validation. */
export const validationMessage = 'Parameter validation error.';

export const validationError = (errors: Record<string, string[]>): ApiError => new ApiError(422, validationMessage, { errors });

export const notFound = (message = 'Not found'): ApiError => new ApiError(404, message);

export const forbidden = (message = 'You may not access this record'): ApiError => new ApiError(403, message);

/** A single field's failure, in the same shape as the schema validator's. */
export const fieldError = (field: string, message: string): ApiError => validationError({ [field]: [message] });
