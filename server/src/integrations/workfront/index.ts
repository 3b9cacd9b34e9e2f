import { integrationProvider } from '../provider';
import { buildWorkfrontClient } from './build';
import { testWorkfront } from './connection-test';
import { readWorkfrontProjects } from './reader';

/**
 * The manifest of Workfront (REST API): the workfront-project-pull-task-trigger reader (spec 03
 * §3), "Test connection" of workfront accounts and the Workfront client.
 */
export const workfrontProvider = integrationProvider({
  name: 'workfront',
  readers: { 'workfront-project-pull-task-trigger': readWorkfrontProjects },
  connectionTests: { workfront: testWorkfront },
  clients: { workfront: buildWorkfrontClient },
});
