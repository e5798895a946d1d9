// The wishlist's changes as its screens call them: a wish's max price and note, and 'Found it'
// (an add of the car with what was paid: the ordinary add takes it off the wishlist in the same
// change, so it reaches the server once, as one outbox entry).
import { showError } from '../../errors/show-error';
import type { MutationArgs } from '../../shared/collection/mutation-schemas';
import type { Condition, Grade } from '../../shared/collection/types';
import { changeCollection } from '../../sync/collection-actions';
import { addCar } from '../catalog';
import { rememberChips } from '../quick-check';

/** Sets a wishlist car's max price and note; false when it did not happen (shown once). */
export async function saveWish(
  args: MutationArgs<'collection/update-wishlist-car'>,
): Promise<boolean> {
  try {
    await changeCollection('collection/update-wishlist-car', args);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** Found it: the car into the collection at the price paid, with the chips chosen. */
export function foundIt(
  carId: string,
  found: { purchasePrice: number; condition: Condition; grade: Grade },
): Promise<boolean> {
  // The next quick add uses the same chips, as after any quick add.
  rememberChips({ condition: found.condition, grade: found.grade });
  return addCar(carId, found);
}
