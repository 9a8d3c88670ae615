import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Loads bytes that need the bearer token (an <img src> cannot send it) and gives an object URL for them,
 * released when the component leaves or the key changes. Null while loading or when loading failed.
 * `key` names the bytes (a logo, a photo's document id) in the query cache.
 */
export function useObjectUrl(
  key: string | null,
  load: (signal: AbortSignal) => Promise<Blob>,
): string | null {
  const blob = useQuery({
    queryKey: ['bytes', key],
    queryFn: ({ signal }) => load(signal),
    enabled: key !== null,
  });
  const data = key !== null && blob.isSuccess ? blob.data : null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(data);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [data]);
  return url;
}
