// The collection's settings as the screens read them (currency, default condition and grade),
// with a fallback for every missing or unknown stored value.
import {
  CONDITIONS,
  DEFAULT_CONDITION,
  DEFAULT_GRADE,
  GRADES,
  type Condition,
  type Grade,
} from '../shared/collection/types';
import type { GarageDb } from './garage-db';

/** The settings the collection screens keep through users/update-settings. */
export const SETTING_KEYS = {
  defaultCondition: 'defaultCondition',
  defaultGrade: 'defaultGrade',
  currency: 'currency',
} as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'MXN', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CollectionSettings {
  defaultCondition: Condition;
  defaultGrade: Grade;
  currency: Currency;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The profile's settings read with defaults: an unknown or missing value never breaks a screen. */
export function collectionSettings(
  settings: Record<string, unknown> | undefined,
): CollectionSettings {
  return {
    defaultCondition: oneOf(
      CONDITIONS,
      settings?.[SETTING_KEYS.defaultCondition],
      DEFAULT_CONDITION,
    ),
    defaultGrade: oneOf(GRADES, settings?.[SETTING_KEYS.defaultGrade], DEFAULT_GRADE),
    currency: oneOf(CURRENCIES, settings?.[SETTING_KEYS.currency], 'USD'),
  };
}

/**
 * What a newly added car starts with, from the collector's settings: the add buttons pass it as
 * add-car-instance details (`{ ...await newCarDefaults(db, userId), ...details }`).
 */
export async function newCarDefaults(
  db: GarageDb,
  userId: string,
): Promise<{ condition: Condition; grade: Grade }> {
  const settings = collectionSettings((await db.profiles.get(userId))?.settings);
  return { condition: settings.defaultCondition, grade: settings.defaultGrade };
}
