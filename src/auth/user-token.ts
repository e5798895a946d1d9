// A fresh ID token of the signed-in user, for the calls that need the server now (not the outbox).
import { startAuth } from './auth-state';

export async function firebaseUserToken(forceRefresh = false): Promise<string> {
  const auth = await startAuth();
  const user = auth?.currentUser;
  if (!user) throw new Error('Signed out');
  return user.getIdToken(forceRefresh);
}
