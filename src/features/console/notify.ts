/** How the console tells staff what an action did: done, already done by the same form, or refused with the server's text. */
import { serverMessage } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';

type Texts = { done: string; repeated: string; failed: string };

export function notifyDone(texts: Texts, answer: { repeated: boolean }): void {
  showToast({ title: answer.repeated ? texts.repeated : texts.done, variant: 'success' });
}

export function notifyFailed(texts: Texts, failure: unknown): void {
  showToast({ title: texts.failed, description: serverMessage(failure) ?? undefined, variant: 'destructive' });
}
