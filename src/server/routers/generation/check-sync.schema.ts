import { checkInput, checkOutput } from './check.schema';

/** The same check, for synchronous models only. */
export const checkSyncInput = checkInput;

export const checkSyncOutput = checkOutput;
