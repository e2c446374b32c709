// The data.students.* part of the contract (shared/ipc/students.ts): each only forwards to the data engine's
// worker, where the students are synced, searched, filtered and sorted. Nothing is computed here.
import type { MethodHandlers } from '../ipc/handler-types';
import type { EngineClient } from './engine-client';

export type EngineStudentsMethod = 'data.students.load' | 'data.students.status' | 'data.students.query' | 'data.students.pick';

export function engineStudentsHandlers(engine: EngineClient): MethodHandlers<EngineStudentsMethod> {
  return {
    'data.students.load': async ({ accountId, jobId, mode }) => engine.call('students.load', { accountId, mode, jobId }),
    'data.students.status': async ({ accountId }) => engine.call('students.status', { accountId }),
    'data.students.query': async ({ accountId, filters, sort, offset, limit }) => engine.call('students.query', { accountId, filters, sort, offset, limit }),
    'data.students.pick': async ({ accountId, ids, filters }) => engine.call('students.pick', { accountId, ids, filters }),
  };
}
