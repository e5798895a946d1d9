// "Don't show this again", per celebration type: a profile setting through update-settings when
// signed in (so it follows the collector to other devices), localStorage when signed out.
import { changeCollection } from '../../sync/collection-actions';
import { showError } from '../../errors/show-error';
import { CELEBRATION_TYPES, type CelebrationType } from './celebration-store';

/** Setting keys allow letters, digits, _ . - only (mutation-schemas.ts): no ':' in them. */
export function hideSettingKey(type: CelebrationType): string {
  return `hideCelebration.${type}`;
}

const localKey = (type: CelebrationType) => `diecast.hideCelebration.${type}`;

function readLocal(type: CelebrationType): boolean {
  try {
    return localStorage.getItem(localKey(type)) === 'true';
  } catch {
    return false;
  }
}

/** Types hidden by the profile's settings or by this browser's own choice. */
export function hiddenCelebrationTypes(
  settings: Record<string, unknown> | null | undefined,
): CelebrationType[] {
  return CELEBRATION_TYPES.filter(
    (type) => settings?.[hideSettingKey(type)] === true || readLocal(type),
  );
}

/** Remembers the choice; resolves once it is stored on the device (the server follows). */
export async function rememberHidden(type: CelebrationType, userId: string | null): Promise<void> {
  if (!userId) {
    try {
      localStorage.setItem(localKey(type), 'true');
    } catch {
      // Private mode without storage: the choice lasts this visit only (the store holds it).
    }
    return;
  }
  await changeCollection('users/update-settings', { key: hideSettingKey(type), value: true }).catch(
    showError,
  );
}
