// Signing out of this device: its push alerts stop first (a shared phone must not get the last
// collector's alerts), then Firebase signs out. Unsynced changes stay for the next sign-in.
import { signOut } from '../../auth/auth-state';
import { stopPushBeforeSignOut } from '../push/push-registration';

export async function signOutOfThisDevice(): Promise<void> {
  await stopPushBeforeSignOut().catch((error: unknown) =>
    console.warn('[push] could not stop alerts before signing out', error),
  );
  await signOut();
}
