/**
 * The one notifier of this process for live generation updates (prediction.onUpdate): one listener
 * on the generation bus (events.ts; on a PostgreSQL server, the bus's one LISTEN connection feeds
 * it), and the open streams as watchers, indexed by their owner. A status change of a generation is
 * read once (its newest row), presented once and serialised once, then written to each watcher of
 * its owner that follows it; a change of anyone without a watcher here costs a map lookup.
 *
 * A watcher is what a stream needs and nothing more: its owner, the ids it follows (or all of the
 * owner's) and where to write. Updates of one generation are read one at a time: a change that
 * arrives while its row is being read is read again afterwards, so the last thing a watcher hears of
 * a generation is its newest state.
 */
import type { Db } from '~/server/db/client';
import { onGenerationUpdate, type GenerationUpdate } from './events';
import { PREDICTION_COLUMNS, predictionSchema, toPrediction, type Prediction } from './present';

export type Watcher = {
  readonly userId: string;
  /** The generations it follows; null: all of its owner's. */
  readonly ids: ReadonlySet<string> | null;
  /** Told the generation's newest prediction, checked by the output schema. */
  readonly send: (prediction: Prediction) => void;
};

type Notifier = {
  db: Db | undefined;
  byUser: Map<string, Set<Watcher>>;
  /** Generations being read now, and whether a change came in meanwhile. */
  reading: Map<string, { again: boolean }>;
  stopListening: (() => void) | undefined;
};

// One per process: Next bundles this module into more than one route, and every copy must share it.
const holder = globalThis as unknown as { studioUpdateNotifier?: Notifier };

function notifier(): Notifier {
  holder.studioUpdateNotifier ??= { db: undefined, byUser: new Map(), reading: new Map(), stopListening: undefined };
  return holder.studioUpdateNotifier;
}

/** Starts following `watcher`'s updates; the answer stops it (call it once the stream has ended). */
export function watchGenerationUpdates(db: Db, watcher: Watcher): () => void {
  const state = notifier();
  state.db = db;
  state.stopListening ??= onGenerationUpdate((update) => void deliver(state, update));
  let watchers = state.byUser.get(watcher.userId);
  if (!watchers) {
    watchers = new Set();
    state.byUser.set(watcher.userId, watchers);
  }
  watchers.add(watcher);
  return () => {
    const current = state.byUser.get(watcher.userId);
    if (!current?.delete(watcher) || current.size > 0) return;
    state.byUser.delete(watcher.userId);
    if (state.byUser.size === 0) {
      state.stopListening?.();
      state.stopListening = undefined;
    }
  };
}

/** Open watchers in this process (what a stream left behind shows up here). */
export function watcherCount(): number {
  let count = 0;
  for (const watchers of notifier().byUser.values()) count += watchers.size;
  return count;
}

function wants(watcher: Watcher, generationId: string): boolean {
  return watcher.ids === null || watcher.ids.has(generationId);
}

async function deliver(state: Notifier, update: GenerationUpdate): Promise<void> {
  const watchers = state.byUser.get(update.userId);
  if (!watchers || ![...watchers].some((watcher) => wants(watcher, update.generationId))) return;
  const inFlight = state.reading.get(update.generationId);
  if (inFlight) {
    inFlight.again = true;
    return;
  }
  const reading = { again: true };
  state.reading.set(update.generationId, reading);
  try {
    while (reading.again) {
      reading.again = false;
      const prediction = await newestPrediction(state, update);
      if (!prediction) continue;
      for (const watcher of state.byUser.get(update.userId) ?? []) {
        if (wants(watcher, update.generationId)) watcher.send(prediction);
      }
    }
  } catch (error) {
    // The watchers' clients poll as well; a failed read costs them this push only.
    console.error('[live updates] could not read a changed generation:', error instanceof Error ? error.message : error);
  } finally {
    state.reading.delete(update.generationId);
  }
}

async function newestPrediction(state: Notifier, update: GenerationUpdate): Promise<Prediction | null> {
  if (!state.db) return null;
  const row = await state.db.generation.findFirst({ where: { id: update.generationId, userId: update.userId }, select: PREDICTION_COLUMNS });
  if (!row) return null;
  const checked = predictionSchema.safeParse(toPrediction(row, update.userId));
  return checked.success ? checked.data : null;
}
