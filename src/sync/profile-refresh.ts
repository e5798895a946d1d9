// Refreshing the signed-in collector's profile and collection from the server, for screens.
import { refreshSnapshot } from './background-tasks';

/** Pulls the snapshot (profile included); resolves false when the server could not be reached. */
export async function refreshProfile(): Promise<boolean> {
  try {
    await refreshSnapshot();
    return true;
  } catch {
    return false;
  }
}
