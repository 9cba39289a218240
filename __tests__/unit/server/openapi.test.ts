import SwaggerParser from '@apidevtools/swagger-parser';
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

describe('the contract /api/openapi.json makes', () => {
  const doc = buildOpenApi(SERVICES);
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as { operationId: string; parameters: { name: string; in: string; schema: { type: string } }[]; responses: Record<string, unknown> } })),
  );

  it('is a valid OpenAPI 3.1 document by swagger-parser, with no errors', async () => {
    // A copy: the parser resolves references in place.
    await expect(SwaggerParser.validate(JSON.parse(JSON.stringify(doc)) as Parameters<typeof SwaggerParser.validate>[0])).resolves.toBeDefined();
  });

  it('names every operation, each name once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/feeds/libraries/{libraryId}/kbart'].get).toMatchObject({ operationId: 'getFeedsLibrariesLibraryIdKbart' });
  });

  it('declares id path parameters as integers', () => {
    const ids = operations.flatMap(({ path, operation }) => operation.parameters.filter((p) => p.in === 'path' && /^(\w+Id|mid|issid|artid)$/.test(p.name) && p.name !== 'reportId').map((p) => `${path} ${p.name} ${p.schema.type}`));
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((line) => !line.endsWith(' integer'))).toEqual([]);
    // A route's own params schema says what a parameter that is not an id is.
    const report = doc.paths['/api/admin/libraries/{libraryId}/reports/{reportId}'].get as { parameters: { name: string; schema: { enum?: string[] } }[] };
    expect(report.parameters.find((p) => p.name === 'reportId')?.schema.enum).toEqual(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR']);
  });

  it('declares every operation’s success: a JSON body, a file’s media types, or a redirect', () => {
    const undeclared = operations
      .filter(({ operation }) => !Object.entries(operation.responses as Record<string, { content?: unknown }>).some(([code, response]) => (code.startsWith('2') && response.content) || code.startsWith('3')))
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared).toEqual([]);
    const guest = doc.paths['/api/user/loginAsGuest'].post as { responses: Record<string, { content?: Record<string, { schema: { anyOf?: unknown[] } }> }> };
    expect(guest.responses['200'].content?.['application/json'].schema.anyOf).toHaveLength(2);
    const sso = doc.paths['/api/user/sso/start'].get as { responses: Record<string, unknown> };
    expect(Object.keys(sso.responses)).toContain('302');
    expect(Object.keys(sso.responses)).not.toContain('200');
  });

  it('declares the COUNTER API’s answers as the COUNTER API 5.1 document does: Exceptions for its errors', () => {
    const members = doc.paths['/api/r51/members'].get as { responses: Record<string, { content?: Record<string, { schema: { items?: { required?: string[] } } }> }> };
    expect(Object.keys(members.responses).sort()).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(members.responses['200'].content?.['application/json'].schema.items?.required).toEqual(['Institution_Name', 'Customer_ID']);
    const exception = members.responses['401'].content?.['application/json'].schema as unknown as { properties: Record<string, unknown> };
    expect(Object.keys(exception.properties)).toEqual(['Code', 'Message', 'Help_URL', 'Data']);
  });

  it('declares a success body where the route says what it answers', () => {
    const keys = doc.paths['/api/admin/libraries/{libraryId}/feed-keys'].get as { responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }> };
    expect(Object.keys(keys.responses).sort()).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(Object.keys(keys.responses['200'].content?.['application/json'].schema.properties ?? {})).toEqual(['status', 'feedKeys']);
    const marc = doc.paths['/api/feeds/libraries/{libraryId}/marc'].get as { responses: Record<string, { content?: Record<string, unknown> }> };
    expect(Object.keys(marc.responses['200'].content ?? {})).toEqual(['application/marcxml+xml', 'application/marc']);
  });
});
