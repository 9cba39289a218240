/**
 * Each module of server/jobs loads on its own, first in a fresh registry: the handlers add jobs through queue.ts, which
 * reads the tries from tasks.ts, and nothing on that path imports a handler back (a cycle that left draw-task.ts's
 * exports uninitialised when a script imported it first).
 */
const MODULES = ['draw-task', 'import-task', 'upkeep', 'queue', 'tasks', 'handlers', 'liveness', 'workers', 'index'];

describe('server/jobs', () => {
  it.each(MODULES)('%s loads first, with no export left uninitialised', (name) => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(`@/server/jobs/${name}`) as Record<string, unknown>;
      expect(Object.keys(loaded).length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(loaded)) expect([key, value]).not.toEqual([key, undefined]);
    });
  });

  it('has a handler and a number of tries for every kind of work', () => {
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { TASKS } = require('@/server/jobs/tasks') as typeof import('@/server/jobs/tasks');
      const { HANDLERS } = require('@/server/jobs/handlers') as typeof import('@/server/jobs/handlers');
      /* eslint-enable @typescript-eslint/no-require-imports */
      expect(Object.keys(HANDLERS).sort()).toEqual(Object.keys(TASKS).sort());
      for (const [name, entry] of Object.entries(TASKS)) {
        expect([name, typeof HANDLERS[name as keyof typeof HANDLERS].run]).toEqual([name, 'function']);
        expect(entry.tries()).toBeGreaterThanOrEqual(1);
      }
    });
  });
});
