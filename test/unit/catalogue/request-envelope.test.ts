/** The generate request's envelope, listed once (catalogue/derive/request-envelope.ts). */
import { describe, expect, it } from 'vitest';
import { getModel, REQUEST_ENVELOPE_FIELDS, REQUEST_ONLY_FIELDS } from '~/catalogue';
import { checkInput } from '~/server/routers/generation/check.schema';
import { generateRequestSchema, validatedInput } from '~/server/services/generation/request';

describe('the request envelope', () => {
  it('is what the request schemas accept beside the model’s own fields (submit’s, plus the checks’ skip_credit_check)', () => {
    expect(Object.keys(generateRequestSchema.shape).sort()).toEqual(REQUEST_ENVELOPE_FIELDS.filter((f) => f !== 'skip_credit_check').sort());
    expect(Object.keys(checkInput.shape).sort()).toEqual([...REQUEST_ENVELOPE_FIELDS].sort());
  });

  it('keeps which model, page and app in the stored input, and drops what is the request’s alone', () => {
    expect(REQUEST_ONLY_FIELDS).toEqual(['modelId', 'credit_to_consume', 'idempotency_key', 'skip_credit_check']);
    const input = validatedInput(getModel('flux-dev')!, {
      modelId: 'flux-dev',
      pageId: 'page-1',
      appId: 'flux-dev',
      idempotency_key: 'key-12345678',
      skip_credit_check: true,
      prompt: 'a lighthouse',
    });
    expect(input).toMatchObject({ model_id: 'flux-dev', pageId: 'page-1', appId: 'flux-dev', prompt: 'a lighthouse' });
    for (const field of ['modelId', 'idempotency_key', 'skip_credit_check']) expect(input).not.toHaveProperty(field);
  });
});
