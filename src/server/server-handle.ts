/**
 * What the production server (server.mjs, plain JavaScript) takes from the compiled app. Next runs
 * src/instrumentation.ts when the server is prepared; it publishes this handle on globalThis under
 * a `Symbol.for` key, the one name both sides know. So `npm start` runs only what `npm run build`
 * compiled: server.mjs loads no TypeScript, and reads no setting itself (they are read in env.ts).
 */
import { getEnv } from '~/env';
import { directRouteFor, type DirectHandler } from './http/direct-routes';
import { stopServer } from './shutdown';

export const SERVER_HANDLE_KEY = Symbol.for('lumen-studio.server-handle');

export type ServerHandle = {
  /** PORT: where server.mjs listens. */
  port: number;
  /** The handler answering this request's URL before Next, or undefined: Next answers (always, with DIRECT_ROUTES=off). */
  directRouteFor(url: string | undefined): DirectHandler | undefined;
  /** Stops the server state once requests are drained: engine, claims, inference worker, database. */
  stop(): Promise<void>;
};

export function publishServerHandle(): void {
  const env = getEnv();
  const handle: ServerHandle = {
    port: env.PORT,
    directRouteFor: env.DIRECT_ROUTES === 'on' ? directRouteFor : () => undefined,
    stop: stopServer,
  };
  (globalThis as Record<symbol, unknown>)[SERVER_HANDLE_KEY] = handle;
}
