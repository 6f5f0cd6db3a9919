/**
 * The deployment's status (maintenance switch, which models can run, dev time scale), read once and
 * shared. It is static configuration, so it does not need refreshing while a page is open.
 */
import { trpc } from '~/utils/trpc';

export function useSystemStatus() {
  const status = trpc.system.status.useQuery(undefined, { staleTime: Infinity });
  return {
    maintenance: status.data?.maintenance ?? null,
    /** 1 in production; tests run the whole flow faster with e.g. 0.02. */
    timeScale: status.data?.timeScale ?? 1,
    /** The server's word on whether anyone can run a model here; until it answers, the server still refuses. */
    isModelAvailable: (modelId: string) => !status.data?.unavailableModels.includes(modelId),
    /** The local engine stands in for at least one provider (development, or LOCAL_ENGINE=on). */
    localEngine: status.data?.localEngine === true,
    loaded: status.isSuccess,
  };
}

export type MaintenanceAction = 'generate' | 'purchase' | 'subscription';

export function isBlocked(maintenance: { enabled: boolean; blockedActions: readonly string[] } | null | undefined, action: MaintenanceAction): boolean {
  return !!maintenance?.enabled && maintenance.blockedActions.includes(action);
}
