import { useEffect, useState } from 'react';
import { $apiOrigin } from '../../core/api-origin.ts';
import { $operatorToken } from './operator-session.ts';

/**
 * A member's private photo, fetched with the operator's token (an <img src> cannot carry it)
 * and shown from a blob URL that is released when the image leaves the screen. Large enough to
 * read a certificate's name and number beside the typed ones, captioned with what it is, and a
 * link to the full-size photo.
 */
export function PrivateImage({ path, alt }: { path: string | null; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (path === null) return;
    let objectUrl: string | null = null;
    let live = true;
    fetch(`${$apiOrigin.get()}${path}`, { headers: { Authorization: `Bearer ${$operatorToken.get()}` } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        if (live) setUrl(objectUrl);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  if (path === null || failed) return <span className="gs-admin__photo gs-admin__photo--missing">{alt} —</span>;
  return url === null ? (
    <span className="gs-admin__photo" aria-busy="true">
      {alt}
    </span>
  ) : (
    <figure className="gs-admin__figure">
      <a href={url} target="_blank" rel="noreferrer" className="gs-admin__photo">
        <img src={url} alt={alt} width="320" height="200" />
      </a>
      {/* The image's alt already names the link for a screen reader; the caption is for the eye. */}
      <figcaption aria-hidden="true">{alt}</figcaption>
    </figure>
  );
}
