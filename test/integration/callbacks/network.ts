/**
 * The names the callback tests resolve, through the guarded fetch's one test switch: a public
 * host, private ones, a host with one public and one private address, and a host whose answer the
 * test changes between save and send (DNS rebinding). No loopback exception: only
 * CALLBACK_ALLOW_HOSTS opens loopback here.
 */
import { setSafeFetchTestNetwork, type ResolvedAddress } from '~/server/services/net/safe-fetch';

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });

export const names: Record<string, ResolvedAddress[]> = {
  'public.test': [v4('93.184.216.34')],
  'private.test': [v4('10.1.2.3')],
  'metadata.test': [v4('169.254.169.254')],
  'mixed.test': [v4('93.184.216.34'), v4('192.168.0.7')],
  'rebind.test': [v4('93.184.216.34')],
};

export function useTestNames(): void {
  setSafeFetchTestNetwork({
    resolve: async (host) => {
      const found = names[host];
      if (!found) throw new Error(`no test address for ${host}`);
      return found;
    },
  });
}
