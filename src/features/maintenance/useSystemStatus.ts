/**
 * The deployment's status (maintenance switch, sign-in options, which models can run, dev time
 * scale), read once and shared. It is static configuration, so it does not need refreshing while a
 * page is open. A page rendered per request hands it over with the page (SystemStatusSeed, from
 * server/pages/page-props.ts `viewerProps`): then nothing is fetched at all.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '~/server/trpc/root';
import { trpc } from '~/utils/trpc';

export type SystemStatus = inferRouterOutputs<AppRouter>['system']['status'];

const SystemStatusSeed = createContext<SystemStatus | undefined>(undefined);

/** `status`: what the server put in the page's props (undefined on static pages: asked once). */
export function SystemStatusSeedProvider({ status, children }: { status?: SystemStatus; children: ReactNode }) {
  return createElement(SystemStatusSeed.Provider, { value: status }, children);
}

/** The one query of system.status every component goes through. */
export function useSystemStatusQuery() {
  const seed = useContext(SystemStatusSeed);
  return trpc.system.status.useQuery(undefined, { staleTime: Infinity, initialData: seed });
}

export function useSystemStatus() {
  const status = useSystemStatusQuery();
  return {
    maintenance: status.data?.maintenance ?? null,
    /** 1 in production; tests run the whole flow faster with e.g. 0.02. */
    timeScale: status.data?.timeScale ?? 1,
    /** The server's word on whether anyone can run a model here; until it answers, the server still refuses. */
    isModelAvailable: (modelId: string) => !status.data?.unavailableModels.includes(modelId),
    /** The local engine stands in for at least one provider (development, or LOCAL_ENGINE=on). */
    localEngine: status.data?.localEngine === true,
    /** The local checkout stands in for payments (development, or LOCAL_CHECKOUT=on): no money moves. */
    localCheckout: status.data?.localCheckout === true,
    loaded: status.isSuccess,
  };
}

export type MaintenanceAction = 'generate' | 'purchase' | 'subscription';

export function isBlocked(maintenance: { enabled: boolean; blockedActions: readonly string[] } | null | undefined, action: MaintenanceAction): boolean {
  return !!maintenance?.enabled && maintenance.blockedActions.includes(action);
}
