/**
 * A server refusal about one field (a photo without a face, or with two) reaches the controls with
 * its field and count; refusals about no field reach nobody. The words are the page's language.
 */
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { fieldRefusalOf } from '~/features/form/field-refusals';
import { announceRefusal, listenForRefusals } from '~/features/form/refusal-relay';
import { faceRefusalText, faceVerdictText } from '~/features/uploads/face-messages';
import { createTranslator } from '~/i18n';
import en from '~/messages/en.json';
import { messagesFor } from '~/messages';
import type { AppRouter } from '~/server/trpc/root';
import { serverError } from './helpers/providers';

function refusal(appCode: string, appDetails: Record<string, string | number>): TRPCClientError<AppRouter> {
  return new TRPCClientError<AppRouter>('refused', { result: { error: { message: 'refused', code: -32600, data: { appCode, appDetails, httpStatus: 400, code: 'BAD_REQUEST' } } } as never });
}

const english = createTranslator({ locale: 'en', messages: en, namespace: 'uploads' });

describe('field refusals', () => {
  it('reads the code, the field and the count from the error', () => {
    expect(fieldRefusalOf(refusal('too_many_faces', { field: 'image_url', faces: 3 }))).toEqual({ code: 'too_many_faces', field: 'image_url', details: { field: 'image_url', faces: 3 } });
    expect(fieldRefusalOf(serverError('Insufficient credits.', 'insufficient_credits', 402))).toBeNull();
  });

  it('relays failed checks to the listeners until they stop listening', () => {
    const heard: unknown[] = [];
    const stop = listenForRefusals((failure) => heard.push(fieldRefusalOf(failure)));
    announceRefusal(serverError('Insufficient credits.', 'insufficient_credits', 402));
    announceRefusal(refusal('no_face', { field: 'image_url' }));
    stop();
    announceRefusal(refusal('no_face', { field: 'image_url' }));
    expect(heard).toEqual([null, { code: 'no_face', field: 'image_url', details: { field: 'image_url' } }]);
  });

  it('words the server’s verdicts as the form shows them, in each locale', () => {
    expect(faceRefusalText(english, 'no_face')).toBe('We could not find a face in this photo. Choose a photo where one face is clearly visible.');
    expect(faceRefusalText(english, 'too_many_faces', 2)).toBe('This photo shows 2 faces. Choose a photo of one person.');
    expect(faceRefusalText(english, 'insufficient_credits')).toBeNull();
    expect(faceVerdictText(english, 'one_face', 1)).toEqual({ problem: null, note: '1 face found' });
    expect(faceVerdictText(english, 'unchecked', null)).toEqual({ problem: null, note: null });
    const german = createTranslator({ locale: 'de', messages: messagesFor('de'), namespace: 'uploads' });
    expect(faceRefusalText(german, 'too_many_faces', 2)).toBe('Auf diesem Foto sind 2 Gesichter zu sehen. Wähle ein Foto von einer einzigen Person.');
    const japanese = createTranslator({ locale: 'ja', messages: messagesFor('ja'), namespace: 'uploads' });
    expect(faceRefusalText(japanese, 'no_face')).toBe('この写真に顔が見つかりませんでした。顔がはっきり写っている写真を選んでください。');
  });
});
