import type { FastifyRequest } from 'fastify';
import { RefusedInput } from '../http/refused-input.ts';
import { ApiError } from '../shared/errors.ts';
import { oversizeImageMessage } from './image-check.ts';

const sendAsField = 'Send the image as multipart/form-data in the field "image"';

/** The bytes of the one file in the multipart field "image", or a refusal that says how to send it. */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(422, 'image_field_missing', sendAsField, { errors: { image: [sendAsField] } });
  const file = await request.file().catch((error: unknown) => {
    // Too many parts or fields: the body holds something other than the one image.
    if (multipartLimitCodes.has((error as { code?: string }).code ?? '')) return undefined;
    throw damagedBody();
  });
  if (file === undefined || file.fieldname !== 'image')
    throw new ApiError(422, 'image_field_missing', sendAsField, { errors: { image: [sendAsField] } });
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'image_too_large', oversizeImageMessage);
    // Whatever else stops the stream (it ends early, a part is malformed) is the body's fault, not the server's.
    throw damagedBody();
  }
}

/** @fastify/multipart's refusals of a body with more parts, files or fields than the limits allow. */
const multipartLimitCodes = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

const damagedBody = () => new RefusedInput('image', 'The multipart body is cut off or malformed; send the whole image again.');
