/**
 * The text a generation stores: the model's declared cleaner (catalogue `api.textOutput`) over the
 * provider's raw output, so captions and prompts reach people as plain text whatever wrapper the
 * provider model answers in. One door for every path that finishes a job (poll, webhook, sync).
 */
import { getModel, resolveMode } from '~/catalogue';
import type { ProviderJob } from '~/server/providers';

export function storedOutputText(generation: { modelId: string; mode: string | null }, job: Pick<ProviderJob, 'output' | 'outputText'>): string | null {
  const model = getModel(generation.modelId);
  const clean = model?.api.textOutput;
  // The local engine answers plain text only; hosted providers also hand over their raw output.
  const raw = job.output !== undefined ? job.output : job.outputText;
  const cleaned = clean && model ? clean(raw, { mode: resolveMode(model, { mode: generation.mode ?? undefined }) }) : undefined;
  const text = (cleaned ?? job.outputText ?? '').trim();
  return text ? text : null;
}
