// The collector's collection coming onto this device for the first time ('Bringing your
// collection onto this device · 3,000 / 10,000 cars'): until it has, a car not shown as owned
// may simply not be here yet, and the screens say so (db/collection-arrival.ts).
import { useId } from 'react';
import { useAuth } from '../auth/use-auth';
import { useCollectionArrival } from '../data/use-collection-arrival';
import { useOnline } from '../data/use-online';

export function CollectionArrivalProgress() {
  const arrival = useCollectionArrival(useAuth().user?.uid ?? null);
  const online = useOnline();
  // The bar is named by the line above it, for screen readers.
  const labelId = useId();
  if (!arrival || arrival.state === 'here') return null;
  if (arrival.state === 'waiting') {
    return (
      <div className="card progress" role="status">
        <p id={labelId}>
          {online
            ? 'Bringing your collection onto this device…'
            : 'Your collection comes onto this device once you are online.'}
        </p>
        {online && <progress aria-labelledby={labelId} />}
      </div>
    );
  }
  const { written, total } = arrival;
  return (
    <div className="card progress" role="status">
      <p id={labelId}>
        Bringing your collection onto this device · {written.toLocaleString('en')} /{' '}
        {total.toLocaleString('en')} cars
      </p>
      <progress max={total} value={written} aria-labelledby={labelId} />
    </div>
  );
}
