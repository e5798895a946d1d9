// The catalogue screens' collection changes: applied on the device at once (changeCollection),
// celebrated when something is added, and any error shown once through showError.
import { showError } from '../../errors/show-error';
import type { CarInstanceDetails } from '../../shared/collection/mutation-schemas';
import type { CatalogSet } from '../../shared/catalog/types';
import { changeCollection } from '../../sync/collection-actions';
import { celebrate } from '../badges';
import { currentUserId } from '../../auth/auth-state';

/** Runs a change; false when it did not happen (the error has been shown). */
async function attempt(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

export async function addCar(carId: string, details: CarInstanceDetails = {}): Promise<boolean> {
  const done = await attempt(async () => {
    // The collector's chosen defaults (settings) for a new car, unless the caller said otherwise.
    // (The device reads' module, loaded here rather than with the first screen.)
    const userId = currentUserId();
    const { newCarDefaultsOnDevice } = await import('../../data/device-reads');
    const defaults = userId ? await newCarDefaultsOnDevice(userId) : {};
    return changeCollection('collection/add-car-instance', {
      carId,
      details: { ...defaults, ...details },
    });
  });
  if (done) celebrate('car');
  return done;
}

export function removeCarInstance(carId: string, instanceId: string): Promise<boolean> {
  return attempt(() => changeCollection('collection/remove-car-instance', { carId, instanceId }));
}

export function updateCarInstance(
  carId: string,
  instanceId: string,
  updates: Omit<CarInstanceDetails, 'instanceId' | 'dateAdded'>,
): Promise<boolean> {
  return attempt(() =>
    changeCollection('collection/update-car-instance', { carId, instanceId, updates }),
  );
}

/** Flips the favourite; `isFavorited` is the state the collector saw. */
export function toggleFavorite(carId: string, isFavorited: boolean): Promise<boolean> {
  return attempt(() => changeCollection('collection/toggle-favorite', { carId, isFavorited }));
}

export function toggleWishlist(carId: string, isWishlisted: boolean): Promise<boolean> {
  return attempt(() => changeCollection('collection/toggle-wishlist', { carId, isWishlisted }));
}

export function setCarTradeSale(carId: string, forTrade: number, forSale: number) {
  return attempt(() =>
    changeCollection('collection/update-car-details', { carId, forTrade, forSale }),
  );
}

function setReference({ id, series, year, name, carIds }: CatalogSet) {
  return { id, series, year, name, carIds };
}

/** One instance → add-set-instance; several → add-multiple-set-instances (one change). */
export async function addSet(set: CatalogSet, quantity = 1): Promise<boolean> {
  const done = await attempt(() =>
    quantity <= 1
      ? changeCollection('collection/add-set-instance', {
          set: setReference(set),
          instanceDetails: {},
        })
      : changeCollection('collection/add-multiple-set-instances', {
          set: setReference(set),
          instances: Array.from({ length: quantity }, () => ({})),
        }),
  );
  if (done) celebrate('set');
  return done;
}

export function removeSetInstance(set: CatalogSet, instanceId: string): Promise<boolean> {
  return attempt(() =>
    changeCollection('collection/remove-set-instance', {
      setId: set.id,
      instanceId,
      carIds: set.carIds,
    }),
  );
}

export function toggleSetList(
  setId: string,
  action: 'favorite' | 'wishlist',
  isSetInList: boolean,
): Promise<boolean> {
  return attempt(() => changeCollection('collection/toggle-set', { setId, action, isSetInList }));
}

export function setSetTradeSale(setId: string, type: 'trade' | 'sale', quantity: number) {
  return attempt(() =>
    changeCollection('collection/update-set-details', { setId, type, quantity }),
  );
}
