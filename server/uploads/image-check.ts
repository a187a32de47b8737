import type { ImageContentType } from '../db/schema-back-office.ts';
import { ApiError } from '../shared/errors.ts';
import { decodeImage, decodeSecondsMax } from './image-decode.ts';
import { declaredSize } from './image-size.ts';

/** The original app's limit for a photo: 2048 KB. */
export const uploadBytesMax = 2048 * 1024;
/**
 * Largest picture accepted, in pixels: a phone's 24-megapixel photo fits; a tiny file that
 * claims to be 100,000 × 100,000 (a decompression bomb) is refused before it is decoded.
 * Identity and payment-proof photos and operators' product and site pictures share it: all come
 * from the same cameras, and all cost the same to decode.
 */
export const uploadPixelsMax = 24_000_000;
/**
 * Longest side accepted, in pixels: a 24-megapixel camera's 6000 px side fits, with room for a
 * panorama. Decoding costs time per row as well as per pixel, so a small file of 1 × 24,000,000
 * pixels (under the pixel limit) would hold a decoder for a minute; here it is refused at the header.
 */
export const uploadSideMaxPixels = 8_000;

export const unsupportedImageMessage = 'Only png or jpeg images are accepted';
export const emptyImageMessage = 'The image is empty';
export const damagedImageMessage = 'The image is damaged or incomplete';
export const oversizeImageMessage = 'The image may be at most 2048 KB';
export const hugeImageMessage = 'The image has too many pixels';
export const busyMessage = 'Too many pictures are being read at the moment, please try again shortly';

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
 * Judges the picture by its bytes, then hands it to the decoder (image-decode.ts) to be re-encoded:
 * what is stored is pixels only, without EXIF, GPS or anything appended to the file (a polyglot
 * loses its second life there). Its size is read from the header first, so a file that claims too
 * many pixels, or too long a side, is refused before any decoding starts.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw new ApiError(422, 'image_empty', emptyImageMessage, { errors: { image: [emptyImageMessage] } });
  if (bytes.length > uploadBytesMax) throw new ApiError(413, 'image_too_large', oversizeImageMessage);
  const contentType = sniffImageType(bytes);
  if (contentType === undefined) throw new ApiError(415, 'image_unsupported', unsupportedImageMessage);
  const declared = declaredSize(bytes, contentType);
  if (declared === undefined) throw invalid('image_damaged', damagedImageMessage);
  const { width, height } = declared;
  if (width > uploadSideMaxPixels || height > uploadSideMaxPixels || width * height > uploadPixelsMax)
    throw invalid('image_too_many_pixels', hugeImageMessage);

  const decoded = await decodeImage(bytes, contentType, declared);
  switch (decoded.outcome) {
    case 'clean':
      return { bytes: decoded.bytes, contentType, width: decoded.width, height: decoded.height };
    case 'not_the_declared_type':
      throw new ApiError(415, 'image_unsupported', unsupportedImageMessage);
    // A waiting place frees within one decode's budget.
    case 'busy':
      throw new ApiError(429, 'rate_limited', busyMessage, {
        detail: { retry_after_seconds: decodeSecondsMax },
        headers: { 'retry-after': String(decodeSecondsMax) },
      });
    // A picture that takes longer than its budget is built to be slow: as good as damaged.
    case 'too_slow':
    case 'damaged':
      throw invalid('image_damaged', damagedImageMessage);
  }
}

/** A 422 that names the field, as every refusal of the picture itself does. */
function invalid(code: 'image_damaged' | 'image_too_many_pixels', message: string): ApiError {
  return new ApiError(422, code, message, { errors: { image: [message] } });
}
