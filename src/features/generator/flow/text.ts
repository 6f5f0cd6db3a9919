/**
 * Every text the generation flow shows (core-flow §8), looked up from the UI messages so the
 * English stays word for word and other locales are translated.
 */
import { PRICING_PATH } from '~/features/billing/paths';

export type FlowText = {
  maintenanceTitle: string;
  /** core-flow §8 names both: 'Invalid input' in the asynchronous flow, 'Invalid Input' for the synchronous tools. */
  invalidInputTitle: string;
  invalidInputSyncTitle: string;
  invalidInputFallback: string;
  insufficientTitle: string;
  insufficientBody: (needed: number, available: number) => string;
  /** Why a balance is below zero (a refund or dispute took back spent credits, issue 19). */
  negativeBalance: string;
  /** The insufficient-credits toasts end with this link to /pricing. */
  buyCredits: { label: string; href: string };
  checkInsufficientTitle: string;
  checkInsufficientBody: string;
  validationFailedTitle: string;
  validationFailedBody: string;
  checkErrorTitle: string;
  checkErrorBody: string;
  generationFailedTitle: string;
  unknownError: string;
  pollingErrorTitle: string;
  pollingErrorBody: string;
  asyncErrorTitle: string;
  syncFailedTitle: string;
};

/** A translator scoped to the `generator.flow` namespace (next-intl's `t`). */
export type FlowTranslator = (key: string, values?: Record<string, string | number>) => string;

export function flowText(t: FlowTranslator): FlowText {
  return {
    maintenanceTitle: t('maintenanceTitle'),
    invalidInputTitle: t('invalidInputTitle'),
    invalidInputSyncTitle: t('invalidInputSyncTitle'),
    invalidInputFallback: t('invalidInputFallback'),
    insufficientTitle: t('insufficientTitle'),
    insufficientBody: (needed, available) => t('insufficientBody', { needed, available }),
    negativeBalance: t('negativeBalance'),
    buyCredits: { label: t('buyCredits'), href: PRICING_PATH },
    checkInsufficientTitle: t('checkInsufficientTitle'),
    checkInsufficientBody: t('checkInsufficientBody'),
    validationFailedTitle: t('validationFailedTitle'),
    validationFailedBody: t('validationFailedBody'),
    checkErrorTitle: t('checkErrorTitle'),
    checkErrorBody: t('checkErrorBody'),
    generationFailedTitle: t('generationFailedTitle'),
    unknownError: t('unknownError'),
    pollingErrorTitle: t('pollingErrorTitle'),
    pollingErrorBody: t('pollingErrorBody'),
    asyncErrorTitle: t('asyncErrorTitle'),
    syncFailedTitle: t('syncFailedTitle'),
  };
}
