import { describe, expect, it } from 'vitest';
import { appSchema, apps, getApp, getModel, models } from '../../../src/catalogue';

describe('apps (tool-catalogue §2)', () => {
  it('names every app of the spec with a slug id', () => {
    expect(apps.map((a) => a.id)).toEqual([
      'flux', 'flux1', 'flux-dev', 'headshot', 'haircut', 'flux-schnell', 'flux-1.1', 'flux-pro', 'flux-ultra',
      'flux-redux', 'flux-canny', 'flux-depth', 'flux-kontext', 'text-remover', 'flux-kontext-max',
      'change-hair-style', 'tools', 'flux-fill', 'flux-lora', 'image-to-image', 'text-to-video', 'image-to-video',
      'remove-background', 'upscaler', 'image-to-prompt', 'image-caption', 'pulid', 'relighting',
    ]);
  });

  it.each(apps.map((a) => [a.id, a] as const))('%s: default model is allowed and every allowed id exists', (_id, app) => {
    expect(app.modelIds).toContain(app.defaultModelId);
    for (const id of app.modelIds) expect(getModel(id), id).toBeDefined();
  });

  it('the LoRA app is flux-lora (create/flux-lora?lora={id})', () => {
    expect(getApp('flux-lora')?.modelIds).toEqual(['flux-lora']);
  });

  it('the Max app opens Kontext in max mode', () => {
    expect(getApp('flux-kontext-max')).toEqual(expect.objectContaining({ defaultModelId: 'flux-kontext', defaultMode: 'max' }));
  });

  it('puts every model in at least one app', () => {
    const inApps = new Set(apps.flatMap((a) => a.modelIds));
    for (const m of models) expect(inApps, m.id).toContain(m.id);
  });

  it('rejects an app whose default model is not allowed', () => {
    const bad = appSchema.safeParse({ id: 'x', name: 'X', description: 'x', modelIds: ['flux-dev'], defaultModelId: 'flux-pro' });
    expect(bad.success).toBe(false);
    const unknown = appSchema.safeParse({ id: 'x', name: 'X', description: 'x', modelIds: ['nope'], defaultModelId: 'nope' });
    expect(unknown.success).toBe(false);
  });
});
