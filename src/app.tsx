// The first screen: a placeholder home that proves the build and the API connection. The real
// screens (routes, guard, catalogue, collection) come with the screens issue.
import { useEffect, useState } from 'react';

interface CatalogSummary {
  sets: number;
}

export function App() {
  const [summary, setSummary] = useState<CatalogSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/all-sets')
      .then((response) => {
        if (!response.ok) throw new Error('Failed to fetch all-sets');
        return response.json() as Promise<unknown[]>;
      })
      .then((sets) => setSummary({ sets: sets.length }))
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason.message : String(reason)),
      );
  }, []);

  return (
    <main className="placeholder-home">
      <h1>Diecast Garage</h1>
      <p>Your die-cast collection, in your pocket — even with no signal.</p>
      <p aria-live="polite" className="placeholder-status">
        {error ?? (summary ? `${summary.sets} sets in the catalogue` : 'Loading...')}
      </p>
    </main>
  );
}
