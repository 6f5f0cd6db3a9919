import { exportOutput } from './export.schema';

/** The caller's newest export, or null when they never asked for one. */
export const latestExportOutput = exportOutput.nullable();
