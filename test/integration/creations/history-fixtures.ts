/**
 * Creations written straight into the database for the history tests (search, stars,
 * collections): the rows the engine would leave, at chosen times, without running a model for each.
 * The database's own trigger fills the search text, exactly as for the engine's rows.
 */
import type { Studio, StudioUser } from '@test/helpers/studio';

export type CreationSeed = {
  prompt: string;
  modelId?: string;
  outputType?: 'image' | 'video' | 'text';
  status?: 'succeeded' | 'failed' | 'processing';
  outputText?: string | null;
  createdAt?: Date;
  isPublic?: boolean;
};

export async function addCreation(studio: Studio, user: StudioUser, seed: CreationSeed): Promise<string> {
  const at = seed.createdAt ?? new Date();
  const row = await studio.db.generation.create({
    data: {
      userId: user.id,
      modelId: seed.modelId ?? 'flux-schnell',
      appType: seed.outputType ?? 'image',
      outputType: seed.outputType ?? 'image',
      status: seed.status ?? 'succeeded',
      input: { prompt: seed.prompt },
      cost: 1,
      platform: 'local',
      providerTarget: seed.modelId ?? 'flux-schnell',
      deadlineAt: new Date(at.getTime() + 60_000),
      createdAt: at,
      completedAt: seed.status === 'processing' ? null : at,
      outputText: seed.outputText ?? null,
      isPublic: seed.isPublic ?? true,
    },
    select: { id: true },
  });
  return row.id;
}

/** Times one minute apart from a fixed start: creation i is older than creation i + 1. */
export function minute(i: number): Date {
  return new Date(Date.UTC(2026, 10, 1, 12, i));
}
