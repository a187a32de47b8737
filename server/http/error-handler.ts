import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalCode } from '../../contract/refusals.ts';
import { failure } from './envelope.ts';
import { ApiError, validationMessage } from '../shared/errors.ts';
import { FormBodyError } from './form-body.ts';
import { RefusedInput } from './refused-input.ts';

/** Fastify's own client errors, each with its code and the one clear sentence a client gets for it. */
const frameworkRefusals: Record<string, { code: RefusalCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_request', message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_request', message: 'The JSON body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'Request body too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'malformed_request', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
};

/** Error codes of a database that cannot be reached (node's socket errors and PostgreSQL's connection class 08 and shutdowns). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P02', '57P03']);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The client's doing, and a flood of them must not fill the log with stacks.
    if (error instanceof RefusedInput) request.log.warn({ refused: error.errors }, 'request refused for its shape');
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(failure(error.code, error.message, error.detail, error.errors));
    }
    if (error.validation !== undefined) {
      return reply.status(422).send(failure('validation', validationMessage, null, fieldErrors(error)));
    }
    if (error instanceof FormBodyError) {
      return reply.status(400).send(failure('malformed_request', error.message));
    }
    const frameworkRefusal = error.code === undefined ? undefined : frameworkRefusals[error.code];
    if (frameworkRefusal !== undefined) {
      return reply.status(error.statusCode ?? 400).send(failure(frameworkRefusal.code, frameworkRefusal.message));
    }
    if (error instanceof SyntaxError && (error.statusCode ?? 0) === 400) {
      return reply.status(400).send(failure('malformed_request', 'Malformed request body'));
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.status(503).send(failure('service_unavailable', 'Service unavailable, please try again later'));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(statusCode).send(failure(clientErrorCode(statusCode), 'Bad request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('server_error', 'Server error, please try again later'));
  });
}

/** Other client errors from plugins (multipart limits, for one): the code their status stands for. */
function clientErrorCode(statusCode: number): RefusalCode {
  if (statusCode === 413) return 'body_too_large';
  if (statusCode === 415) return 'unsupported_media_type';
  if (statusCode === 429) return 'rate_limited';
  if (statusCode === 404) return 'route_not_found';
  return 'malformed_request';
}

/** Turns the schema validator's errors into `{ field: [message] }`, worded for people rather than for schemas. */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.validation ?? []) {
    const params = item.params as { missingProperty?: string; additionalProperty?: string; limit?: number };
    const pathField = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = params.missingProperty ?? params.additionalProperty ?? (pathField || error.validationContext || 'request');
    const message = validationSentence(field, item.keyword, params.limit);
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

function validationSentence(field: string, keyword: string, limit: number | undefined): string {
  switch (keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'minLength':
      return limit === 1 ? `The ${field} field is required.` : `The ${field} field must be at least ${limit} characters.`;
    case 'maxLength':
      return `The ${field} field must not be greater than ${limit} characters.`;
    case 'minimum':
      return `The ${field} field must be at least ${limit}.`;
    case 'maximum':
      return `The ${field} field must not be greater than ${limit}.`;
    case 'type':
    case 'pattern':
    case 'format':
    case 'enum':
    case 'const':
      return `The ${field} field format is invalid.`;
    case 'characters':
      return `The ${field} field contains characters that are not allowed.`;
    default:
      return `The ${field} field is invalid.`;
  }
}

function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) return true;
    if (current.message.includes('PGlite is closed') || current.message.includes('driver has already been destroyed')) return true;
  }
  return false;
}
