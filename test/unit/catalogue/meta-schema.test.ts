import { describe, expect, it } from 'vitest';
import {
  CONTROL_TYPES,
  modelDefinitions,
  models,
  parseModelDefinition,
  parseModelDefinitions,
} from '../../../src/catalogue';
import { flux11Pro } from '../../../src/catalogue/models/flux-text-to-image';
import { fluxKontext } from '../../../src/catalogue/models/kontext';
import { imageToPrompt } from '../../../src/catalogue/models/text-tools';

describe('model meta-schema', () => {
  it('parses every definition when the catalogue loads', () => {
    expect(models).toHaveLength(modelDefinitions.length);
    for (const def of modelDefinitions) expect(() => parseModelDefinition(def)).not.toThrow();
  });

  it('has kebab-case slug ids, unique', () => {
    const ids = models.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/);
  });

  it('knows the 19 control types of tool-catalogue §3 and every one is used by some model', () => {
    expect(CONTROL_TYPES).toHaveLength(19);
    const used = new Set(models.flatMap((m) => m.ui.controls.map((c) => c.type)));
    for (const type of CONTROL_TYPES) expect(used, `control type ${type} unused`).toContain(type);
  });

  it.each([
    ['a bad slider default', { ...flux11Pro, ui: { ...flux11Pro.ui, controls: [{ type: 'slider', name: 'guidance', label: 'G', min: 2, max: 5, step: 0.5, default: 9 }] } }, 'ui.controls[0].default'],
    ['an unknown control type', { ...flux11Pro, ui: { ...flux11Pro.ui, controls: [{ type: 'color_picker', name: 'x', label: 'X' }] } }, 'ui.controls[0].type'],
    ['a negative credit amount', { ...flux11Pro, credits: { type: 'perImage', amount: -1 } }, 'credits.amount'],
    ['a per-second rule without base cost', { ...flux11Pro, credits: { type: 'perSecond', amount: 16 } }, 'credits.baseCost'],
    ['a non-slug id', { ...flux11Pro, id: 'Flux Pro' }, 'at id'],
    ['a payload that is not a function', { ...flux11Pro, api: { ...flux11Pro.api, payload: 'prompt' } }, 'api.payload'],
    ['a default mode that is not a mode', { ...fluxKontext, defaultMode: 'ultra' }, 'defaultMode'],
    ['a dependsOn on an unknown field', { ...flux11Pro, ui: { ...flux11Pro.ui, controls: [{ type: 'toggle', name: 'raw', label: 'Raw', default: false, dependsOn: { field: 'nope', exists: true } }] } }, 'ui.controls[0].dependsOn.field'],
    ['a restated platform (it derives from api.platform)', { ...flux11Pro, platform: 'fal' }, 'Unrecognized key: "platform"'],
    ['a restated app type (it derives from ui.outputType)', { ...flux11Pro, appType: 'video' }, 'Unrecognized key: "appType"'],
    ['a text model without an output cleaner', { ...imageToPrompt, api: { ...imageToPrompt.api, textOutput: undefined } }, 'api.textOutput'],
  ])('rejects %s, naming the model id and the field', (_name, broken, field) => {
    const id = (broken as { id: string }).id;
    expect(() => parseModelDefinition(broken)).toThrow(`Invalid model definition "${id}"`);
    expect(() => parseModelDefinition(broken)).toThrow(field);
  });

  it('fills what derives: the platform from api.platform, the app type from ui.outputType, sync as declared or false', () => {
    for (const model of models) {
      expect(model.platform, model.id).toBe(model.api.platform);
      expect(model.appType, model.id).toBe(model.ui.outputType);
    }
    expect(models.filter((m) => m.sync).map((m) => m.id).sort()).toEqual(['image-caption', 'image-to-prompt', 'prompt-adapter']);
    expect(models.filter((m) => m.sync === false)).toHaveLength(models.length - 3);
  });

  it('rejects duplicate ids in a list', () => {
    expect(() => parseModelDefinitions([flux11Pro, flux11Pro])).toThrow('Duplicate model id "flux-1.1-pro"');
  });

  it('accepts each of the three dependsOn forms', () => {
    const controls = models.flatMap((m) => m.ui.controls).filter((c) => c.dependsOn);
    const forms = new Set(controls.map((c) => ('equals' in c.dependsOn! ? 'equals' : c.dependsOn!.exists ? 'exists' : 'not-exists')));
    expect(forms).toEqual(new Set(['equals', 'exists', 'not-exists']));
  });
});
