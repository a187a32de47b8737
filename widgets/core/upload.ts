import { withTransport } from './api.ts';

/** What POST v1/image/upload answers: the upload's id (sent with the verification) and its private path. */
export interface UploadedImage {
  id: number;
  image_path: string;
}

/** Sends one photo as multipart/form-data in the field "image" (API contract), with the same token, time-out and 401 handling as apiRequest. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const envelope = await withTransport((transport, token) =>
    transport.upload<UploadedImage>({ method: 'POST', path: '/v1/image/upload', token }, 'image', file),
  );
  return envelope.detail;
}
