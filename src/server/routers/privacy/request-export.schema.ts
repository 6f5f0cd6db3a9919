import { exportOutput } from './export.schema';

/** The export started, or the one already being prepared. */
export const requestExportOutput = exportOutput;
