// The signed-in collector's subscription status: the server's answer when it can be had,
// else the local profile's (offline, or before the first answer).
import { useAuth } from '../../auth/use-auth';
import { useProfile } from '../../data/use-collection';
import { useCommunityQuery } from '../../data/use-community-query';
import { STATUS_PATH } from './premium-types';

export interface PremiumStatus {
  signedIn: boolean;
  /** 'none' | 'active' | 'canceled', or null while unknown. */
  status: string | null;
  active: boolean;
}

export function usePremiumStatus(): PremiumStatus {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const profile = useProfile(userId);
  const server = useCommunityQuery<{ status: string }>(userId ? STATUS_PATH : null);
  const fresh = server.status === 'ready' && !server.fromDevice ? server.data.status : null;
  const status = fresh ?? profile?.subscription.status ?? server.data?.status ?? null;
  return { signedIn: userId !== null, status, active: status === 'active' };
}
