import { route, serviceRoutes } from '@/server/http/handler';
import { SERVICES } from '@/server/services';

const ping = route({ summary: 'ping', auth: 'none', handler: async () => ({ ok: true }) });

describe('service route tables', () => {
  it('fail at start-up when two modules serve the same path, naming both', () => {
    expect(() =>
      serviceRoutes('user', {
        'user/routes/session': { addLibSup: { POST: ping } },
        'user/routes/account': { addLibSup: { GET: ping } },
      }),
    ).toThrow('/api/user/addLibSup is served twice: by user/routes/session and by user/routes/account');
  });

  it('merge distinct paths from every table', () => {
    const routes = serviceRoutes('catalogue', { a: { one: { GET: ping } }, b: { two: { POST: ping } } });
    expect(Object.keys(routes)).toEqual(['one', 'two']);
  });

  it('load every service of this app without a path served twice', () => {
    expect(Object.keys(SERVICES).sort()).toEqual(['admin', 'article', 'catalogue', 'feeds', 'kosync', 'opds', 'r51', 'reader', 'user']);
    expect(SERVICES.admin['libraries/:libraryId/members'].GET).toBeDefined();
    expect(SERVICES.admin['libraries/:libraryId/kbart'].GET).toBeDefined();
    expect(SERVICES.user.addLibSup.POST).toBeDefined();
    expect(SERVICES.user.contactUs.POST).toBeDefined();
    expect(SERVICES.catalogue.librarySupport.POST).toBeDefined();
  });
});
