/** Next calls register() once when a server process starts (for `npm start`, in server.mjs's prepare()). */
export async function register(): Promise<void> {
  // NEXT_RUNTIME is a build-time constant Next inlines (not configuration, so not in env.ts): this
  // comparison lets the edge bundle drop the server boot and everything it imports.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { bootServer } = await import('./server/boot');
    await bootServer();
    const { publishServerHandle } = await import('./server/server-handle');
    publishServerHandle();
  }
}
