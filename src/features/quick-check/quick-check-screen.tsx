// /check: "do I have it?" in ten seconds, with one thumb and no signal. A big field finds a car
// by toy number, collector number or casting name as it is typed, over the whole catalogue on
// the device; each hit answers at a glance (owned, wishlist and price, set progress) and adds a
// copy in one tap with the chips of the last add (a wishlist car: 'Found it', with the price it
// was wished at). Today's checks stay listed below.
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import type { CarRow } from '../../db/catalog-index';
import { describeQuickAnswer, type QuickAnswer } from '../../db/quick-answers';
import { useCatalogSearch } from '../../data/use-catalog-search';
import { useProfile } from '../../data/use-collection';
import { collectionSettings } from '../../db/collection-settings';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { useQuickAnswers } from '../../data/use-quick-answers';
import { mayStillArrive } from '../../db/collection-arrival';
import { useCollectionArrival } from '../../data/use-collection-arrival';
import { CONDITIONS, GRADES, type Condition, type Grade } from '../../shared/collection/types';
import { ScreenHeader } from '../../ui/screen-header';
import { CarPhoto, HuntMark } from '../catalog';
import { addCar } from '../catalog';
import { DeviceProgress } from '../catalog';
import { carLink } from '../catalog';
import { formatMoney } from '../collection';
import { recordCheck, useChecksToday } from './checks-today';
import { rememberChips, useLastAddChips, type AddChips } from './last-add';
import { Chips } from './chips';
import { FoundItDialog } from '../wishlist';
import './quick-check.css';

const HITS = 12;

interface HitContext {
  answers: Map<string, QuickAnswer> | undefined;
  /** The collector's collection is still on its way to this device: no 'Not owned' yet. */
  stillArriving: boolean;
  signedIn: boolean;
  chips: AddChips;
  money: (amount: number) => string;
  onChecked: (carId: string) => void;
  onFound: (car: CarRow, wish: NonNullable<QuickAnswer['wishlist']>) => void;
}

/** Hits with their answers: the matches of what is typed, and today's checks. */
function HitList({ cars, context }: { cars: readonly CarRow[]; context: HitContext }) {
  return (
    <ul className="qc-hits">
      {cars.map((car) => (
        <Hit
          key={car.id}
          car={car}
          answer={context.answers?.get(car.id)}
          stillArriving={context.stillArriving}
          signedIn={context.signedIn}
          chips={context.chips}
          money={context.money}
          onChecked={context.onChecked}
          onFound={context.onFound}
        />
      ))}
    </ul>
  );
}

function Hit({
  car,
  answer,
  stillArriving,
  signedIn,
  chips,
  money,
  onChecked,
  onFound,
}: {
  car: CarRow;
  answer: QuickAnswer | undefined;
  stillArriving: boolean;
  signedIn: boolean;
  chips: AddChips;
  money: (amount: number) => string;
  onChecked: (carId: string) => void;
  onFound: HitContext['onFound'];
}) {
  const wish = answer?.wishlist ?? null;
  const lines = answer ? describeQuickAnswer(answer, money, stillArriving) : ['…'];
  const owned = (answer?.owned.count ?? 0) > 0;
  const codes = [car.toyNumber, car.collectorNumber].filter(Boolean).join(' · ');
  return (
    <li className="qc-hit card" data-car-id={car.id}>
      <div className="qc-hit__photo">
        <CarPhoto car={car} />
        <HuntMark huntType={car.huntType} />
      </div>
      <div className="qc-hit__body">
        <Link href={carLink(car.id)} className="qc-hit__name" onClick={() => onChecked(car.id)}>
          {car.name}
        </Link>
        <p className="qc-hit__meta">
          {car.year}
          {car.series ? ` · ${car.series}` : ''}
          {codes ? ` · ${codes}` : ''}
        </p>
      </div>
      {/* Under the row, across the card: the answer is what the collector came for. */}
      <p
        className={`qc-answer${owned ? ' qc-answer--owned' : ''}`}
        data-testid="quick-answer"
        aria-live="polite"
      >
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
      {signedIn && wish && (
        <button
          type="button"
          className="qc-add primary"
          onClick={() => {
            onChecked(car.id);
            onFound(car, wish);
          }}
        >
          Found it
          <span className="visually-hidden">
            {' '}
            — {car.name} ({car.year}), from your wishlist
          </span>
        </button>
      )}
      {signedIn && !wish && (
        <button
          type="button"
          className="qc-add primary"
          aria-label={`Add ${car.name} (${car.year}), ${chips.condition} ${chips.grade}`}
          onClick={() => {
            onChecked(car.id);
            void addCar(car.id, { condition: chips.condition, grade: chips.grade });
          }}
        >
          + Add
        </button>
      )}
    </li>
  );
}

export function QuickCheckScreen() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const inputId = useId();
  const [query, setQuery] = useState('');
  const catalog = useDeviceCatalog();
  const hits = useCatalogSearch(query, HITS);
  const checks = useChecksToday(userId);
  const checkedCars = useMemo(
    () => (catalog ? catalog.carsOf(checks.map((check) => check.carId)) : []),
    [catalog, checks],
  );
  const shownIds = useMemo(
    () => [...(query ? (hits ?? []) : []), ...checkedCars].map((car) => car.id),
    [query, hits, checkedCars],
  );
  const answers = useQuickAnswers(userId, shownIds);
  const arrival = useCollectionArrival(userId);
  const chips = useLastAddChips();
  const currency = collectionSettings(useProfile(userId)?.settings).currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const onChecked = (carId: string) => {
    if (userId) recordCheck(userId, carId);
  };
  const setChips = (next: Partial<AddChips>) => rememberChips({ ...chips, ...next });
  const [found, setFound] = useState<{ car: CarRow; wish: NonNullable<QuickAnswer['wishlist']> }>();
  const hitContext: HitContext = {
    answers,
    stillArriving: mayStillArrive(arrival),
    signedIn: userId !== null,
    chips,
    money,
    onChecked,
    onFound: (car, wish) => setFound({ car, wish }),
  };

  return (
    <>
      <ScreenHeader title="Quick check" />
      <main className="app-main qc">
        <DeviceProgress />
        <form
          className="qc-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const [first] = hits ?? [];
            if (first) onChecked(first.id);
          }}
        >
          <label htmlFor={inputId}>Toy #, collector # or casting name</label>
          <input
            id={inputId}
            type="search"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            placeholder="CFJ01"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        {userId && <AddChipsPanel chips={chips} onChange={setChips} />}
        {query !== '' && (
          <section aria-label="Matches">
            {hits && hits.length === 0 && (
              <p className="muted" role="status">
                No car matches “{query}” on this device.
              </p>
            )}
            <HitList cars={hits ?? []} context={hitContext} />
          </section>
        )}
        {!userId && (
          <p className="muted">
            <Link href="/signup?next=%2Fcheck">Sign in</Link> to see what you own and add cars.
          </p>
        )}
        {checkedCars.length > 0 && (
          <section aria-labelledby="qc-today" className="qc-today">
            <h2 id="qc-today">Checked today</h2>
            <HitList cars={checkedCars} context={hitContext} />
          </section>
        )}
      </main>
      {found && (
        <FoundItDialog
          car={{ carId: found.car.id, name: found.car.name, ...found.wish }}
          money={money}
          onClose={() => setFound(undefined)}
        />
      )}
    </>
  );
}

/** The chips the next one-tap add uses (a signed-in collector's). */
function AddChipsPanel({
  chips,
  onChange,
}: {
  chips: AddChips;
  onChange: (next: Partial<AddChips>) => void;
}) {
  return (
    <details className="qc-settings">
      <summary>
        {/* One flex item: the summary is a flex row, which would trim the spaces between words. */}
        <span>
          Adds as <strong>{chips.condition}</strong>, <strong>{chips.grade}</strong>
        </span>
        <span className="qc-settings__change">Change</span>
      </summary>
      <Chips<Condition>
        legend="Condition"
        options={CONDITIONS}
        value={chips.condition}
        onChange={(condition) => onChange({ condition })}
      />
      <Chips<Grade>
        legend="Grade"
        options={GRADES}
        value={chips.grade}
        onChange={(grade) => onChange({ grade })}
      />
    </details>
  );
}
