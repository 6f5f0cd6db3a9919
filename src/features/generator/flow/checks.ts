/**
 * The checks before generating, in the order of core-flow §5, each with its toast (core-flow §8):
 * 1. maintenance block for 'generate' (5 s toast), 2. signed in (else the login modal),
 * 3. the model's client validation, 4. the local credit check (skippable), 5. the server check.
 */
import { appCodeOf } from '~/features/errors/request-error';
import type { ValidationResult } from '~/catalogue/public';
import { isNetworkFailure } from './failures';
import type { FlowText } from './text';
import type { ToastFn } from '~/features/toast/toast';
import type { CheckAnswer } from './types';


/** core-flow §8 'Other texts': the message of a check the server refused with an error. */
export const CREDIT_CHECK_FAILED = 'Credit check failed';
export const MAINTENANCE_TOAST_MS = 5000;
export const INSUFFICIENT_TOAST_MS = 2000;

export type MaintenanceState = { enabled: boolean; message: string; blockedActions: readonly string[] };

export type PreflightDeps = {
  maintenance: MaintenanceState | null | undefined;
  loggedIn: boolean;
  openLogin: () => void;
  validate: () => ValidationResult;
  /** A synchronous tool (captioning, image-to-prompt, prompt adapter): its own toast title. */
  sync?: boolean;
  cost: number;
  userCredits: number | null | undefined;
  skipCreditCheck?: boolean;
  serverCheck: () => Promise<CheckAnswer>;
  toast: ToastFn;
  text: FlowText;
};

export type PreflightResult =
  | { ok: true; credits: number }
  | { ok: false; stage: 'maintenance' | 'login' | 'validation' | 'credits' | 'server' };

export async function runPreflightChecks(deps: PreflightDeps): Promise<PreflightResult> {
  const { text, toast } = deps;

  // 1. Maintenance.
  const maintenance = deps.maintenance;
  if (maintenance?.enabled && maintenance.blockedActions.includes('generate')) {
    toast({ title: text.maintenanceTitle, description: maintenance.message, variant: 'destructive', durationMs: MAINTENANCE_TOAST_MS });
    return { ok: false, stage: 'maintenance' };
  }

  // 2. Signed in.
  if (!deps.loggedIn) {
    deps.openLogin();
    return { ok: false, stage: 'login' };
  }

  // 3. The model's client-side validation.
  let verdict: ValidationResult;
  try {
    verdict = deps.validate();
  } catch (error) {
    verdict = { ok: false, message: error instanceof Error && error.message ? error.message : '' };
  }
  if (!verdict.ok) {
    const title = deps.sync ? text.invalidInputSyncTitle : text.invalidInputTitle;
    toast({ title, description: verdict.message || text.invalidInputFallback, variant: 'destructive' });
    return { ok: false, stage: 'validation' };
  }

  // 4. Local credit check.
  if (!deps.skipCreditCheck) {
    const available = deps.userCredits ?? 0;
    if (available < deps.cost) {
      // Below zero only after a clawback: the spec's sentence, then why.
      const description = available < 0 ? `${text.insufficientBody(deps.cost, available)} ${text.negativeBalance}` : text.insufficientBody(deps.cost, available);
      toast({ title: text.insufficientTitle, description, variant: 'destructive', durationMs: INSUFFICIENT_TOAST_MS, link: text.buyCredits });
      return { ok: false, stage: 'credits' };
    }
  }

  // 5. Server-side credit and validation check.
  let answer: CheckAnswer;
  try {
    answer = await deps.serverCheck();
  } catch (error) {
    if (isNetworkFailure(error)) {
      toast({ title: text.checkErrorTitle, description: text.checkErrorBody, variant: 'destructive' });
      return { ok: false, stage: 'server' };
    }
    // The server answered with an error: the same outcomes as a `success: false` envelope.
    const code = appCodeOf(error);
    if (code === 'unauthorized') {
      deps.openLogin();
      return { ok: false, stage: 'login' };
    }
    if (code === 'maintenance') {
      const message = error instanceof Error ? error.message : (maintenance?.message ?? '');
      toast({ title: text.maintenanceTitle, description: message, variant: 'destructive', durationMs: MAINTENANCE_TOAST_MS });
      return { ok: false, stage: 'maintenance' };
    }
    answer = { success: false, credits: deps.cost, message: CREDIT_CHECK_FAILED, error: code ?? 'check_failed' };
  }
  if (!answer.success) {
    if (answer.error === 'insufficient_credits') {
      toast({ title: text.checkInsufficientTitle, description: text.checkInsufficientBody, variant: 'destructive', link: text.buyCredits });
    } else {
      toast({ title: text.validationFailedTitle, description: text.validationFailedBody, variant: 'destructive' });
    }
    return { ok: false, stage: 'server' };
  }
  return { ok: true, credits: answer.credits };
}
