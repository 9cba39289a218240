import { z } from 'zod';
import type { Method, Route, ServiceRoutes } from './handler';

function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  // The document's own dialect (OpenAPI 3.1 is JSON Schema 2020-12) applies; a $schema in each one is noise.
  delete json.$schema;
  return json;
}

/**
 * Path parameters that mean the same in every route that has them: ids, which the server reads as positive integers
 * (a route may say otherwise with its own `params` schema).
 */
const INTEGER_PATH_PARAMETERS = new Set(['libraryId', 'userId', 'codeId', 'jobId', 'keyId', 'magazineId', 'issueId', 'categoryId', 'mid', 'issid', 'artid']);
const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

function pathParameterSchema(route: Route, name: string): Record<string, unknown> {
  if (route.paramsSchema) {
    const json = schemaOf(route.paramsSchema) as { properties?: Record<string, Record<string, unknown>> };
    if (json.properties?.[name]) return json.properties[name];
  }
  return INTEGER_PATH_PARAMETERS.has(name) ? ID_SCHEMA : { type: 'string' };
}

/** getAdminLibrariesLibraryIdKbart: the method and path in camel case, unless the route names itself. */
export function operationIdOf(method: Method, service: string, pattern: string, route: Route): string {
  if (route.operationId) return route.operationId;
  const words = [method.toLowerCase(), service, ...pattern.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('');
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/**
 * An operation's responses: the ones its route declares (a JSON body from the same zod schema the handler's answer
 * is typed by, or a file's media type), then the errors every route of its kind can answer.
 */
function responsesOf(route: Route, method: Method, pattern: string): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const declared = Object.entries(route.responses ?? {});
  if (!declared.some(([status]) => /^[23]/.test(status))) responses['200'] = { description: 'OK' };
  for (const [status, response] of declared) {
    if (!response) continue;
    if (status.startsWith('3')) {
      // A redirect: no body, the Location header says where.
      responses[status] = { description: response.description, headers: { Location: { description: 'Where to go', schema: { type: 'string' } } } };
    } else if (!status.startsWith('2') && response.mediaTypes && !response.body) {
      // An error a protocol answers in its own type (OPDS's 401 with its Authentication Document).
      responses[status] = { description: response.description, content: Object.fromEntries(response.mediaTypes.map((type) => [type, { schema: {} }])) };
    } else if (!status.startsWith('2') && !response.body) {
      responses[status] = errorResponse(response.description);
    } else if (response.body || response.mediaTypes) {
      // A JSON body, a file, or either (a report as JSON, or its TSV when asked for).
      const file = { schema: { type: 'string', format: 'binary' } };
      const content = {
        ...(response.body ? { 'application/json': { schema: schemaOf(response.body, 'output') } } : {}),
        ...Object.fromEntries((response.mediaTypes ?? []).map((type) => [type, file])),
      };
      responses[status] = { description: response.description, content };
    } else {
      responses[status] = { description: response.description };
    }
  }
  // Every request's text is checked for control characters before any schema, so any route can answer 400.
  responses['400'] ??= errorResponse('A field is missing or invalid');
  // A path part that cannot be read (broken percent-encoding) names no route, whatever its template.
  if (pattern.includes(':')) responses['404'] ??= errorResponse('Nothing at this address');
  if (method !== 'GET') {
    responses['413'] ??= errorResponse('The request body is too large');
    responses['415'] ??= errorResponse('The request body is not JSON');
  }
  if (route.auth !== 'none') {
    // A bearer token that is invalid, expired or revoked is refused on any route that reads the session.
    responses['401'] ??= errorResponse(route.auth === 'required' || route.auth === 'staff' ? 'No valid session' : 'A token that is invalid, expired or revoked');
    // A change sent with the session cookie must carry the XSRF token.
    if (method !== 'GET') responses['403'] ??= errorResponse('Not allowed, or the XSRF token is missing or does not match');
  }
  responses['503'] ??= errorResponse('The database is unreachable');
  return responses;
}

/** The OpenAPI 3.1 document, built from the same zod schemas that validate each route. */
export function buildOpenApi(services: Record<string, ServiceRoutes>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [service, routes] of Object.entries(services)) {
    for (const [pattern, methods] of Object.entries(routes)) {
      const path = `/api/${service}/${pattern.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      const item: Record<string, unknown> = {};
      for (const [method, route] of Object.entries(methods) as [Method, NonNullable<(typeof methods)[Method]>][]) {
        const parameters: unknown[] = [];
        for (const match of pattern.matchAll(/:([A-Za-z_]+)/g)) {
          parameters.push({ name: match[1], in: 'path', required: true, schema: pathParameterSchema(route, match[1]) });
        }
        if (route.querySchema) {
          const json = schemaOf(route.querySchema) as { properties?: Record<string, unknown>; required?: string[] };
          for (const [name, schema] of Object.entries(json.properties ?? {})) {
            parameters.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema });
          }
        }
        item[method.toLowerCase()] = {
          tags: [service],
          operationId: operationIdOf(method, service, pattern, route),
          summary: route.summary,
          security: route.auth === 'required' || route.auth === 'staff' ? [{ bearer: [] }] : [],
          parameters,
          ...(route.bodySchema
            ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.bodySchema) } } } }
            : {}),
          // A body of any method but GET is read and may be refused (not JSON, too large) even without a schema.
          responses: responsesOf(route, method, pattern),
        };
      }
      paths[path] = item;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Library reading site services', version: '1.0.0' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'message'],
          properties: { status: { type: 'integer' }, message: { type: 'string' }, field: { type: 'string' } },
        },
      },
    },
    paths,
  };
}
