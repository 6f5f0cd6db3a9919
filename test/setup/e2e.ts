/**
 * Every end-to-end test, when it fails, prints its screenshots' paths and the servers' log tails;
 * new data folders start from the global setup's migrated database.
 */
import { beforeEach, inject } from 'vitest';
import { useDatabaseTemplate } from '../e2e/helpers/database-template';
import { reportFailure } from '../e2e/helpers/failure-report';

useDatabaseTemplate(inject('databaseTemplate'));

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(task.fullName));
});
