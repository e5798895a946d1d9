// Signing out of this device: its push alerts stop first (a shared phone must not get the last
// collector's alerts), then Firebase signs out. Unsynced changes stay for the next sign-in.
// The push code is loaded only when signing out: the home screen (which has this button) must
// stay within its first-screen JavaScript budget.
import { signOut } from '../../auth/auth-state';

export async function signOutOfThisDevice(): Promise<void> {
  try {
    const { stopPushBeforeSignOut } = await import('../push');
    await stopPushBeforeSignOut();
  } catch (error) {
    console.warn('[push] could not stop alerts before signing out', error);
  }
  await signOut();
}
