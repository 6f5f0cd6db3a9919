/**
 * Telling someone who looked away that a job ended: while the tab is hidden its title says so
 * ('✓ Ready — Lumen Studio') until they come back, and people who opted in get a browser
 * notification (Notification API). Each job is signalled once, whichever view saw it end. A batch
 * is one job here: its items are never signalled one by one, the batch is when it ends, and while
 * it runs the title counts its progress ('(7/24) Lumen Studio').
 */

const OPT_IN_KEY = 'studio.notifyWhenReady';

export type CompletionTexts = { readyTitle: string; failedTitle: string; readyBody: string; failedBody: string };

const signalled = new Set<string>();
/** Items of batches: their batch's signal stands for them. */
const batched = new Set<string>();
let titleBeforeSignal: string | null = null;
let titleBeforeProgress: string | null = null;

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notifyOptedIn(): boolean {
  try {
    return notificationsSupported() && Notification.permission === 'granted' && window.localStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false; // storage refused (private mode): no opt-in to read
  }
}

export function setNotifyOptIn(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(OPT_IN_KEY, '1');
    else window.localStorage.removeItem(OPT_IN_KEY);
  } catch {
    /* storage refused: the choice lasts for nothing, and nothing breaks */
  }
}

function restoreTitleWhenVisible(): void {
  if (document.visibilityState !== 'visible') return;
  if (titleBeforeSignal !== null) document.title = titleBeforeSignal;
  titleBeforeSignal = null;
  document.removeEventListener('visibilitychange', restoreTitleWhenVisible);
}

/** The jobs of a batch: from now on only the batch itself is signalled. */
export function signalAsOne(itemIds: readonly string[]): void {
  for (const id of itemIds) batched.add(id);
}

/** The tab title while a batch runs: its progress before the page's own title. */
export function showBatchProgressTitle(done: number, total: number): void {
  if (typeof document === 'undefined') return;
  titleBeforeProgress ??= document.title;
  document.title = `(${done}/${total}) ${titleBeforeProgress}`;
}

/** The page's own title back, once the batch's progress no longer shows. */
export function clearBatchProgressTitle(): void {
  if (typeof document === 'undefined' || titleBeforeProgress === null) return;
  document.title = titleBeforeProgress;
  titleBeforeProgress = null;
}

export function signalCompletion(job: { id: string; succeeded: boolean }, texts: CompletionTexts): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden' || signalled.has(job.id) || batched.has(job.id)) return;
  signalled.add(job.id);
  if (titleBeforeSignal === null) {
    titleBeforeSignal = document.title;
    document.addEventListener('visibilitychange', restoreTitleWhenVisible);
  }
  const title = job.succeeded ? texts.readyTitle : texts.failedTitle;
  document.title = title;
  if (!notifyOptedIn()) return;
  try {
    const notification = new Notification(title, { body: job.succeeded ? texts.readyBody : texts.failedBody, tag: `studio-${job.id}` });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    /* some browsers only notify from a service worker: the title still says it */
  }
}
