// The query of a search screen: kept in the URL's ?q= (Back and a shared link bring it back),
// debounced for the searches it drives, and its field focused as the screen opens.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { useDebounced } from './use-debounced';

export function useSearchQuery(debounceMs: number) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const typed = useDebounced(q.trim(), debounceMs);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const setQuery = (query: string) => setParams(query ? { q: query } : {}, { replace: true });
  return { q, typed, setQuery, inputRef };
}
