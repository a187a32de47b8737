import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify compiles every route's validator and serializer while the server starts: about 0.5 s
 * of a cold start for this API's routes, before the first request is served. These factories use
 * fastify's own compilers with the same options, and compile each route's schema on the route's
 * first request instead (a few milliseconds, once per route and process). `buildApp(..., 'eager')`
 * keeps fastify's behaviour, which a test uses to prove every schema compiles.
 */
export function lazySchemaCompilers(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const buildValidator = AjvCompiler();
  const buildSerializer = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options);
      return (route) => {
        let validate: Validate | undefined;
        const lazy = (data: unknown) => (validate ??= compile(route) as Validate)(data);
        // Fastify reads a failed validation's errors from the function it was given.
        Object.defineProperty(lazy, 'errors', { get: () => validate?.errors });
        return lazy as ReturnType<typeof compile>;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      return (route) => {
        let serialize: ((data: unknown) => string) | undefined;
        return (data: unknown) => (serialize ??= compile(route))(data);
      };
    },
  };
}
