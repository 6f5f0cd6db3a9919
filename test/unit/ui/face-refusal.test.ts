/**
 * A server refusal about one field (a photo without a face, or with two) goes to that field in the
 * page's language, and the toast repeats it; refusals about no field keep the generic toast.
 */
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { fieldRefusalOf } from '~/features/errors/request-error';
import { runPreflightChecks, type PreflightDeps } from '~/features/generator/flow/checks';
import { faceRefusalText, faceVerdictText } from '~/features/uploads/face-messages';
import { createTranslator } from '~/i18n';
import en from '~/messages/en.json';
import { messagesFor } from '~/messages';
import type { AppRouter } from '~/server/trpc/root';
import { englishFlowText } from './helpers/flow-text';
import { serverError } from './helpers/providers';

const NO_FACE = 'We could not find a face in this photo. Choose a photo where one face is clearly visible.';

function refusal(appCode: string, appDetails: Record<string, string | number>): TRPCClientError<AppRouter> {
  return new TRPCClientError<AppRouter>('refused', { result: { error: { message: 'refused', code: -32600, data: { appCode, appDetails, httpStatus: 400, code: 'BAD_REQUEST' } } } as never });
}

const english = createTranslator({ locale: 'en', messages: en, namespace: 'uploads' });

describe('field refusals', () => {
  it('reads the code, the field and the count from the error', () => {
    expect(fieldRefusalOf(refusal('too_many_faces', { field: 'image_url', faces: 3 }))).toEqual({ code: 'too_many_faces', field: 'image_url', details: { field: 'image_url', faces: 3 } });
    expect(fieldRefusalOf(serverError('Insufficient credits.', 'insufficient_credits', 402))).toBeNull();
  });

  it('words the server’s verdicts as the form shows them, in each locale', () => {
    expect(faceRefusalText(english, 'no_face')).toBe(NO_FACE);
    expect(faceRefusalText(english, 'too_many_faces', 2)).toBe('This photo shows 2 faces. Choose a photo of one person.');
    expect(faceVerdictText(english, 'one_face', 1)).toEqual({ problem: null, note: '1 face found' });
    expect(faceVerdictText(english, 'unchecked', null)).toEqual({ problem: null, note: null });
    const german = createTranslator({ locale: 'de', messages: messagesFor('de'), namespace: 'uploads' });
    expect(faceRefusalText(german, 'too_many_faces', 2)).toBe('Auf diesem Foto sind 2 Gesichter zu sehen. Wähle ein Foto von einer einzigen Person.');
  });

  it('shows a field refusal on its field and in the toast, instead of the generic validation toast', async () => {
    const shown: [string, string][] = [];
    const deps: PreflightDeps = {
      maintenance: null,
      loggedIn: true,
      openLogin: vi.fn(),
      validate: () => ({ ok: true }),
      cost: 20,
      userCredits: 100,
      serverCheck: async () => {
        throw refusal('no_face', { field: 'image_url' });
      },
      fieldRefusal: (failure) => {
        const found = fieldRefusalOf(failure);
        const message = found ? faceRefusalText(english, found.code) : null;
        if (found && message) shown.push([found.field, message]);
        return message;
      },
      toast: vi.fn(),
      text: englishFlowText(),
    };
    await expect(runPreflightChecks(deps)).resolves.toEqual({ ok: false, stage: 'server' });
    expect(shown).toEqual([['image_url', NO_FACE]]);
    expect(deps.toast).toHaveBeenCalledWith({ title: 'Validation Failed', description: NO_FACE, variant: 'destructive' });
  });
});
