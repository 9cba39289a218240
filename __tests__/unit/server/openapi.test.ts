import { buildOpenApi } from '@/server/http/openapi';
import { SERVICES } from '@/server/services';

describe('/api/openapi.json', () => {
  const doc = buildOpenApi(SERVICES);

  it('describes every route of every service, from the same tables the API serves', () => {
    const expected = Object.entries(SERVICES).flatMap(([service, routes]) => Object.keys(routes).map((p) => `/api/${service}/${p.replace(/:(\w+)/g, '{$1}')}`));
    expect(Object.keys(doc.paths).sort()).toEqual(expected.sort());
    expect(doc.paths['/api/user/loginAsGuest']).toHaveProperty('post');
    expect(doc.paths['/api/catalogue/magazine-filter']).toHaveProperty('get');
  });

  it('documents query parameters and request bodies from the zod schemas', () => {
    const filter = doc.paths['/api/catalogue/magazine-filter'].get as { parameters: Array<{ name: string; required: boolean }> };
    expect(filter.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['libid', 'gold', 'storeID', 'categoryID', 'lang', 'age_rate', 'page']));
    // categoryID may be left out when lang is given (every title in a language), so it is not marked required.
    expect(filter.parameters.find((p) => p.name === 'categoryID')?.required).toBe(false);
    const magazine = doc.paths['/api/catalogue/magMeta'].get as { parameters: Array<{ name: string; required: boolean }> };
    expect(magazine.parameters.find((p) => p.name === 'mid')?.required).toBe(true);
    const guest = doc.paths['/api/user/loginAsGuest'].post as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
    expect(guest.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['uniqId', 'os']));
  });
});
