/**
 * Changes of generations. In-process on one instance; on a real PostgreSQL server also fanned out
 * across instances with LISTEN/NOTIFY.
 * - A status change (GenerationUpdate) is pushed to the owner's open subscriptions.
 * - Every change a reader could see (a status change, a dispatch, a rescheduled queue time, a
 *   delete) is also announced as a GenerationChange, which keeps the read cache fresh. It reaches
 *   this process at once, and other instances through the bus.
 * - A balance staff changed by hand (a grant, a refund) travels the same bus as a BalanceChange,
 *   so the owner's open tabs show it without a reload (user.onBalance), whichever instance they
 *   listen on.
 */
import { EventEmitter } from 'node:events';

export type GenerationUpdate = { userId: string; generationId: string; status: string };
export type GenerationChange = { generationId: string };

export type BalanceChange = { userId: string };

/** What travels between instances: an update as before, a change for caches only, or a balance changed. */
export type BusMessage = GenerationUpdate | (GenerationChange & { kind: 'change' }) | (BalanceChange & { kind: 'balance' });

type Bus = { emitter: EventEmitter; remote?: (message: BusMessage) => Promise<void> };
const holder = globalThis as unknown as { studioGenerationBus?: Bus };

function bus(): Bus {
  if (!holder.studioGenerationBus) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder.studioGenerationBus = { emitter };
  }
  return holder.studioGenerationBus;
}

/** Publishes to this process's subscribers, and to other instances when a remote bus is set. */
export async function publishGenerationUpdate(update: GenerationUpdate): Promise<void> {
  const { emitter } = bus();
  emitter.emit('change', { generationId: update.generationId });
  // The NOTIFY comes back to this instance's listener too, which emits locally.
  if (!(await sendRemote(update))) emitter.emit('update', update);
}

/** Announces a change subscribers are not told about (they see status changes only). */
export async function announceGenerationChange(change: GenerationChange): Promise<void> {
  bus().emitter.emit('change', change);
  await sendRemote({ kind: 'change', generationId: change.generationId });
}

/** Tells the owner's open subscriptions, on every instance, that their balance changed. */
export async function publishBalanceChange(change: BalanceChange): Promise<void> {
  if (!(await sendRemote({ kind: 'balance', userId: change.userId }))) bus().emitter.emit('balance', change);
}

/** True when the message went to the remote bus (a failed send is tried once more). */
async function sendRemote(message: BusMessage): Promise<boolean> {
  const { remote } = bus();
  if (!remote) return false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await remote(message);
      return true;
    } catch (error) {
      if (attempt >= 2) {
        console.error('[events] could not announce a change to other instances:', error instanceof Error ? error.message : error);
        return false;
      }
    }
  }
}

/** Used by the LISTEN side to re-emit what came from any instance. */
export function emitLocalBusMessage(message: BusMessage): void {
  const { emitter } = bus();
  if ('kind' in message && message.kind === 'balance') {
    emitter.emit('balance', { userId: message.userId });
    return;
  }
  emitter.emit('change', { generationId: message.generationId });
  if (!('kind' in message)) emitter.emit('update', message);
}

export function setRemoteGenerationBus(remote: ((message: BusMessage) => Promise<void>) | undefined): void {
  const state = bus();
  const was = Boolean(state.remote);
  state.remote = remote;
  if (was !== Boolean(remote)) state.emitter.emit('remote', Boolean(remote));
}

export function isRemoteGenerationBusUp(): boolean {
  return Boolean(bus().remote);
}

export function onGenerationUpdate(listener: (update: GenerationUpdate) => void): () => void {
  const { emitter } = bus();
  emitter.on('update', listener);
  return () => emitter.off('update', listener);
}

export function onBalanceChange(listener: (change: BalanceChange) => void): () => void {
  const { emitter } = bus();
  emitter.on('balance', listener);
  return () => emitter.off('balance', listener);
}

export function onGenerationChange(listener: (change: GenerationChange) => void): () => void {
  const { emitter } = bus();
  emitter.on('change', listener);
  return () => emitter.off('change', listener);
}

/** Told when the remote bus comes up (true) or goes down (false). */
export function onRemoteGenerationBus(listener: (up: boolean) => void): () => void {
  const { emitter } = bus();
  emitter.on('remote', listener);
  return () => emitter.off('remote', listener);
}
