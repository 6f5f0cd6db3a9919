/**
 * The signed-in user's id, credits and premium flag (core-flow §7 get-user-details): runs only
 * when authenticated, cached 5 minutes, null on failure. Call refresh() after any credit change.
 */
import { useSessionStatus } from '~/features/auth/session-status';
import { useCallback } from 'react';
import type { Role } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';

export const USER_DETAILS_STALE_MS = 5 * 60 * 1000;

export type UserDetails = { id: string; email: string; name: string | null; image: string | null; credits: number; premium: boolean; role: Role };

export function useUserDetails(): { user: UserDetails | null; loading: boolean; refresh: () => Promise<void> } {
  const status = useSessionStatus();
  const utils = trpc.useUtils();
  const query = trpc.user.details.useQuery(undefined, {
    enabled: status === 'authenticated',
    staleTime: USER_DETAILS_STALE_MS,
    gcTime: USER_DETAILS_STALE_MS,
    retry: false,
  });
  const refresh = useCallback(() => utils.user.details.invalidate(), [utils]);
  return {
    user: status === 'authenticated' && !query.isError ? (query.data ?? null) : null,
    loading: status === 'loading' || (status === 'authenticated' && query.isLoading),
    refresh,
  };
}
