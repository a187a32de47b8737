import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { uploadBytesMax } from '../uploads/image-check.ts';
import { readImageField } from '../uploads/image-field.ts';
import { addPicture } from './site-pictures.ts';

const bearer = [{ bearer: [] }];

/** The two ways into the brand site's one picture store: the Content tab's and the Catalogue tab's. */
const uploads = [
  {
    url: '/admin/v1/site/pictures',
    summary: 'Upload a png or jpeg picture for the brand site (checked by content, re-encoded); answers the src a page field takes',
  },
  {
    url: '/admin/v1/catalogue/pictures',
    summary: 'Upload a png or jpeg picture of a product or certificate (checked by content, re-encoded); answers its src',
  },
];

/** Pictures for the brand site; a product's pictures reach its pages on the next publish, as a page's do. */
export const sitePictureAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: uploadBytesMax, files: 1, fields: 4, parts: 5 } });

  for (const { url, summary } of uploads) {
    app.post(
      url,
      {
        schema: {
          tags: ['operators'],
          summary,
          consumes: ['multipart/form-data'],
          security: bearer,
          response: { 201: envelopeOf(Type.Object({ src: Type.String(), width: Type.Integer(), height: Type.Integer() })) },
        },
      },
      async (request, reply) => {
        const picture = await addPicture(app.db, operatorOf(request).operatorId, await readImageField(request));
        return reply.status(201).send(success(picture, 'Uploaded'));
      },
    );
  }
};
