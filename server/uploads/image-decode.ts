import type { Metadata } from 'sharp';
import type { ImageContentType } from '../db/schema-back-office.ts';
import { DecodeLane } from './decode-lane.ts';
import type { DeclaredSize } from './image-size.ts';

/**
 * Pictures up to this many pixels take the quick lane: the side limit keeps their rows short, so
 * one costs tens of milliseconds, and a member's small photo never waits behind a large one.
 */
export const quickDecodePixelsMax = 1_000_000;
/**
 * Time budget of one decode and re-encode, in whole seconds (the image library's unit): a
 * 24-megapixel photo takes 1-2 s on two busy cores; a file built to be slow is cut off here.
 */
export const decodeSecondsMax = 5;
/**
 * Large pictures decode one at a time (memory: one 24-megapixel picture in flight, not one per
 * request) and at most this many wait; past that the upload is answered 429 at once.
 */
export const largeDecodesWaitingMax = 4;
/** Small pictures, two at a time: both cores, and each done in milliseconds. */
const quickLane = new DecodeLane(2, 32);
const largeLane = new DecodeLane(1, largeDecodesWaitingMax);

export type Decoded =
  | { outcome: 'clean'; bytes: Buffer; width: number; height: number }
  | { outcome: 'not_the_declared_type' | 'damaged' | 'too_slow' | 'busy' };

/**
 * Decodes and re-encodes the picture in its lane, within the time budget: what comes out is pixels
 * only, without EXIF, GPS or anything appended to the file, turned the way the camera recorded.
 * The header must agree with what the image library reads, or the file is damaged.
 */
export async function decodeImage(bytes: Buffer, contentType: ImageContentType, declared: DeclaredSize): Promise<Decoded> {
  const lane = declared.width * declared.height <= quickDecodePixelsMax ? quickLane : largeLane;
  const ran = await lane.run(() => reencode(bytes, contentType, declared));
  return ran?.value ?? { outcome: 'busy' };
}

/** The image library with its budgets, loaded with the first upload rather than at every start of the server. */
async function imageLibrary() {
  const { default: sharp } = await import('sharp');
  if (!configured) {
    // One thread per picture: a large decode keeps to one core, and the lanes decide how many run.
    sharp.concurrency(1);
    // Uploads are never decoded twice: a cache would only hold memory.
    sharp.cache(false);
    configured = true;
  }
  return sharp;
}
let configured = false;

async function reencode(bytes: Buffer, contentType: ImageContentType, declared: DeclaredSize): Promise<Decoded> {
  const sharp = await imageLibrary();
  const pixelsMax = declared.width * declared.height;
  const input = () => sharp(bytes, { limitInputPixels: pixelsMax, failOn: 'truncated', sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    return { outcome: 'damaged' };
  }
  if (metadata.format !== (contentType === 'image/png' ? 'png' : 'jpeg')) return { outcome: 'not_the_declared_type' };
  if (metadata.width !== declared.width || metadata.height !== declared.height) return { outcome: 'damaged' };
  try {
    const pipeline = input().rotate().timeout({ seconds: decodeSecondsMax });
    const encoded = contentType === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { outcome: 'clean', bytes: data, width: info.width, height: info.height };
  } catch (error) {
    return { outcome: error instanceof Error && /timeout/i.test(error.message) ? 'too_slow' : 'damaged' };
  }
}
