import { useEffect, useState } from 'react';

/**
 * Loads bytes that need the bearer token (an <img src> cannot send it) and gives an object URL for them,
 * released when the component leaves or the key changes. Null while loading or when loading failed.
 */
export function useObjectUrl(
  key: string | null,
  load: (signal: AbortSignal) => Promise<Blob>,
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  useEffect(() => {
    if (!key) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      },
      () => setUrl(null),
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [key]);
  return url;
}
