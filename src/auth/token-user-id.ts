// The uid a Firebase ID token names, read on the device to keep one collector's work apart from
// another's (the server verifies the token; the device only reads whose it is).

export function tokenUserId(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { user_id?: unknown; sub?: unknown };
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}
