// A queued change in a collector's words ('Add '67 Camaro', 'New post'): for the list of
// changes that could not be sent, where a key and a JSON payload would mean nothing to them.

const LABELS: Record<string, string> = {
  'collection/add-car-instance': 'Add {car}',
  'collection/remove-car-instance': 'Remove a copy of {car}',
  'collection/import-car-instances': 'Import cars from a CSV file',
  'collection/update-car-instance': 'Edit a copy of {car}',
  'collection/update-car-details': 'Trade and sale numbers of {car}',
  'collection/add-set-instance': 'Add the set {set}',
  'collection/add-multiple-set-instances': 'Add copies of the set {set}',
  'collection/remove-set-instance': 'Remove a copy of the set {set}',
  'collection/update-set-instance': 'Edit a copy of the set {set}',
  'collection/update-set-details': 'Trade and sale numbers of the set {set}',
  'collection/update-wishlist-car': 'Max price and note of {car} on the wishlist',
  'collection/toggle-set': 'Favourite or wishlist the set {set}',
  'users/update-settings': 'Change a setting',
  'tutorials/complete': 'Complete a tutorial',
  'posts/create': 'New post',
  'posts/delete': 'Delete a post',
  'posts/like': 'Like a post',
  'posts/report': 'Report a post',
  'comments/create': 'Comment on a post',
  'comments/delete': 'Delete a comment',
  'profile/update': 'Edit your profile',
  'follows/set': 'Follow or unfollow a collector',
  'listings/create': 'New trade listing',
  'listings/update': 'Edit a trade listing',
  'listings/complete': 'Complete a trade listing',
  'offers/create': 'Make an offer',
  'offers/answer': 'Answer an offer',
  'offers/withdraw': 'Withdraw an offer',
};

function flag(args: Record<string, unknown>, key: string): boolean | null {
  return typeof args[key] === 'boolean' ? (args[key] as boolean) : null;
}

/** `names`: the car's and set's names as the catalogue has them, when it has them. */
export function describeChange(
  name: string,
  args: unknown,
  names: { car?: string | null; set?: string | null } = {},
): string {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const car = names.car ?? 'a car';
  const set = names.set ?? 'a set';
  if (name === 'collection/toggle-favorite') {
    return flag(record, 'isFavorited') === false ? `Unfavourite ${car}` : `Favourite ${car}`;
  }
  if (name === 'collection/toggle-wishlist') {
    return flag(record, 'isWishlisted') === false
      ? `Take ${car} off the wishlist`
      : `Wishlist ${car}`;
  }
  const label = LABELS[name] ?? name;
  return label.replace('{car}', car).replace('{set}', set);
}
