import { useEffect, useState } from 'react';

/**
 * An object URL of `blob` (for an iframe or an image) while it is given and `active`, released when the
 * component leaves, `active` turns off or other bytes come.
 * (lib/use-object-url.ts loads the bytes itself; this one shows bytes a feature has loaded.)
 */
export function useBlobUrl(blob: Blob | null | undefined, active = true): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || !active) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob, active]);
  return url;
}
