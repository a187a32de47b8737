import type { Metadata } from 'sharp';
import type { ImageContentType } from '../db/schema-back-office.ts';
import { ApiError } from '../shared/errors.ts';

/** The seed's limit for a photo: 2048 KB. */
export const uploadBytesMax = 2048 * 1024;
/**
 * Largest picture accepted, in pixels: a phone's 24-megapixel photo fits; a tiny file that
 * claims to be 100,000 × 100,000 (a decompression bomb) is refused before it is decoded.
 */
export const uploadPixelsMax = 24_000_000;

export const unsupportedImageMessage = 'Only png or jpeg images are accepted';
export const emptyImageMessage = 'The image is empty';
export const damagedImageMessage = 'The image is damaged or incomplete';
export const oversizeImageMessage = 'The image may be at most 2048 KB';
export const hugeImageMessage = 'The image has too many pixels';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpegSignature = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the bytes say, whatever the file's name or declared type claims. */
export function sniffImageType(bytes: Buffer): ImageContentType | undefined {
  if (bytes.subarray(0, pngSignature.length).equals(pngSignature)) return 'image/png';
  if (bytes.subarray(0, jpegSignature.length).equals(jpegSignature)) return 'image/jpeg';
  return undefined;
}

export interface CleanImage {
  bytes: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes the picture: what is stored is pixels only, without EXIF, GPS or
 * anything appended to the file (a polyglot loses its second life here). The orientation
 * the camera recorded is applied first, so the photo still stands the right way up.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw new ApiError(422, 'image_empty', emptyImageMessage, { errors: { image: [emptyImageMessage] } });
  if (bytes.length > uploadBytesMax) throw new ApiError(413, 'image_too_large', oversizeImageMessage);
  const contentType = sniffImageType(bytes);
  if (contentType === undefined) throw new ApiError(415, 'image_unsupported', unsupportedImageMessage);

  // The image library loads with the first upload, not with every start of the server.
  const { default: sharp } = await import('sharp');
  const input = () => sharp(bytes, { limitInputPixels: uploadPixelsMax, failOn: 'truncated', sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw refusal(error);
  }
  const expected = contentType === 'image/png' ? 'png' : 'jpeg';
  if (metadata.format !== expected) throw new ApiError(415, 'image_unsupported', unsupportedImageMessage);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > uploadPixelsMax) throw refusal(new Error('pixel limit'));

  try {
    const pipeline = input().rotate();
    const encoded = contentType === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height };
  } catch (error) {
    throw refusal(error);
  }
}

/** What sharp's failure means for the member: too many pixels, or a file that does not decode. */
function refusal(error: unknown): ApiError {
  const tooManyPixels = error instanceof Error && /pixel limit/i.test(error.message);
  const message = tooManyPixels ? hugeImageMessage : damagedImageMessage;
  return new ApiError(422, tooManyPixels ? 'image_too_many_pixels' : 'image_damaged', message, { errors: { image: [message] } });
}
