/** Every end-to-end test, when it fails, prints its screenshots' paths and the servers' log tails. */
import { beforeEach } from 'vitest';
import { reportFailure } from '../e2e/helpers/failure-report';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(task.fullName));
});
