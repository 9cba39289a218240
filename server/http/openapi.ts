import { z } from 'zod';
import type { Method, ServiceRoutes } from './handler';

function schemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
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
          parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
        }
        if (route.querySchema) {
          const json = schemaOf(route.querySchema) as { properties?: Record<string, unknown>; required?: string[] };
          for (const [name, schema] of Object.entries(json.properties ?? {})) {
            parameters.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema });
          }
        }
        item[method.toLowerCase()] = {
          tags: [service],
          summary: route.summary,
          security: route.auth === 'required' ? [{ bearer: [] }] : [],
          parameters,
          ...(route.bodySchema
            ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.bodySchema) } } } }
            : {}),
          responses: {
            '200': { description: 'OK' },
            '400': { description: 'A field is missing or invalid', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
            ...(route.auth === 'required' ? { '401': { description: 'No valid session' } } : {}),
            '503': { description: 'The database is unreachable' },
          },
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
