import path from 'node:path';

/** Where end-to-end tests leave screenshots (and failures/ their failure screenshots). */
export const ARTIFACTS_DIR = path.resolve('test-results/e2e');
