import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { operatorTokenPattern } from '../auth/operator-tokens.ts';
import { requireOperator } from '../auth/operator.guard.ts';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { uploadBytesMax } from './image-check.ts';
import { readImageField } from './image-field.ts';
import { readImage } from './upload-store.ts';
import { findUpload, storeUpload } from './uploads.service.ts';

const bearer = [{ bearer: [] }];

/** An upload is served to its owner and to operators: the guard takes either token. */
async function requireOwnerOrOperator(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  await (operatorTokenPattern.test(token) ? requireOperator(request, reply) : requireMember(request, reply));
}

export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One file per request, no larger than the limit; the bytes are then judged by their content.
  await app.register(fastifyMultipart, { limits: { fileSize: uploadBytesMax, files: 1, fields: 4, parts: 5 } });

  app.post(
    '/v1/image/upload',
    {
      onRequest: requireMember,
      schema: {
        tags: ['uploads'],
        summary: 'Upload a png or jpeg photo (identity or payment proof); metadata is removed',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: envelopeOf(Type.Object({ id: Type.Integer(), image_path: Type.String() })) },
      },
    },
    async (request, reply) => {
      const stored = await storeUpload(app.db, memberOf(request).userId, await readImageField(request));
      return reply.status(201).send(success(stored, 'Uploaded'));
    },
  );

  app.get(
    '/v1/image/:id',
    {
      onRequest: requireOwnerOrOperator,
      schema: { tags: ['uploads'], summary: 'An uploaded photo, for its owner or an operator', params: idParams, security: bearer },
    },
    async (request, reply) => {
      const id = recordId(request.params);
      const upload = id === undefined ? undefined : await findUpload(app.db, id);
      const isOperator = request.operator !== null;
      if (upload === undefined) throw notFound('image_not_found', 'Image not found');
      if (!isOperator && upload.user_id !== memberOf(request).userId) throw forbidden();
      const bytes = upload.content ?? (await readImage(app.config.uploadDir, upload.stored_name));
      const extension = upload.content_type === 'image/png' ? 'png' : 'jpg';
      return reply
        .header('content-type', upload.content_type)
        .header('content-disposition', `inline; filename="image-${upload.id}.${extension}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
};
