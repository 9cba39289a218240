import { contractCheck, type OpenApiDocument } from '../../api/helpers/contract';

/** A document of two operations: one with a JSON body, one that declares a 200 without one. */
const doc: OpenApiDocument = {
  components: { schemas: { Error: { type: 'object', required: ['status', 'message'], properties: { status: { type: 'integer' }, message: { type: 'string' } } } } },
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, additionalProperties: false } } } },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api/bare': { post: { responses: { '200': {} } } },
  },
};

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the contract check (every answer the API tests receive)', () => {
  it('passes an answer its operation declares, with a body its schema accepts', () => {
    const contract = contractCheck(doc);
    contract.check('GET', '/api/things/7?x=1', 200, 'application/json; charset=utf-8', json({ name: 'a' }));
    contract.check('GET', '/api/things/7', 404, 'application/json', json({ status: 404, message: 'Not found' }));
    expect(contract.failures).toEqual([]);
  });

  it('fails an undeclared status, a body the schema refuses, another media type, and a body where none is declared', () => {
    const contract = contractCheck(doc);
    contract.check('GET', '/api/things/7', 409, 'application/json', json({ status: 409, message: 'x' }));
    contract.check('GET', '/api/things/7', 200, 'application/json', json({ name: 'a', extra: 1 }));
    contract.check('GET', '/api/things/7', 200, 'text/html', Buffer.from('<p>'));
    contract.check('POST', '/api/bare', 200, 'application/json', json({ status: 'success' }));
    expect(contract.failures).toEqual([
      'GET /api/things/{id} answered 409, which it does not list (it lists 200, 404)',
      expect.stringMatching(/^GET \/api\/things\/\{id\} answered 200 with a body its schema refuses: .*additional properties/),
      'GET /api/things/{id} answered 200 as text/html, not application/json',
      'POST /api/bare answered 200 with a body, but declares none',
    ]);
  });
});
