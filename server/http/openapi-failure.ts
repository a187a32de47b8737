import { errorEnvelope } from './schemas.ts';

/** The parts of an OpenAPI document this touches (the swagger plugin's own types vary by version). */
interface Document {
  components?: { schemas?: Record<string, unknown>; [other: string]: unknown };
  paths?: Record<string, Record<string, unknown> | undefined>;
  [other: string]: unknown;
}

const failureResponse = {
  description: 'A refusal: the failure envelope, with its `error_code`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
};

/**
 * Every operation can fail, and every failure has the same envelope: the document names it once
 * (`Failure`, with the enum of `error_code`) and gives each operation a default response that
 * points at it, so the codes are part of the published contract.
 */
export function withFailureEnvelope<T extends object>(original: T): T {
  const document = original as Document;
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (typeof operation !== 'object' || operation === null) continue;
      const responses = ((operation as { responses?: Record<string, unknown> }).responses ??= {});
      responses['default'] ??= failureResponse;
    }
  }
  const components = { ...document.components, schemas: { ...document.components?.schemas, Failure: errorEnvelope } };
  return { ...document, components } as T;
}
