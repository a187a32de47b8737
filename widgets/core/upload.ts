import { apiUpload } from './api.ts';

/** What POST v1/image/upload answers: the upload's id (sent with the verification) and its private path. */
export interface UploadedImage {
  id: number;
  image_path: string;
}

/** Sends one photo as multipart/form-data in the field "image" (API contract). */
export async function uploadImage(file: File): Promise<UploadedImage> {
  return (await apiUpload<UploadedImage>('/v1/image/upload', 'image', file)).detail;
}
