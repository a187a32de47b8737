/** As in the original app (docs/original-app.md): identity and payment photos are png or jpeg, at most 2048 KB (the server checks the content again). */
export const photoBytesMax = 2048 * 1024;
export const photoTypes = ['image/png', 'image/jpeg'] as const;

/** "verify_check_size" for a file that is not png/jpeg or is over 2048 KB, null when it may be uploaded. */
export function photoProblem(file: { type: string; size: number }): string | null {
  return (photoTypes as readonly string[]).includes(file.type) && file.size <= photoBytesMax ? null : 'verify_check_size';
}
