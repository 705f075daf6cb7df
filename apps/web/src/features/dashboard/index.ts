/**
 * What the app's frame uses of the dashboard's calls: the Admin Panel's tabs count the work waiting,
 * and the first calls (app/first-calls.ts) start the agent's setup checklist before the first render.
 */
export { adminQueuesKey, setupChecklistQuery, useAdminQueues } from './api';
