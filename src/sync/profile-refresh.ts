// Refreshing the signed-in collector's profile and collection from the server, for screens. The
// sync code it runs is loaded on first use: the guard that calls it is part of the app's shell.

/** Pulls the snapshot (profile included); resolves false when the server could not be reached. */
export async function refreshProfile(): Promise<boolean> {
  try {
    const { refreshSnapshot } = await import('./background-tasks');
    await refreshSnapshot();
    return true;
  } catch {
    return false;
  }
}
