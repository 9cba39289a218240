import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * The contract check: every answer the API tests receive, held against /api/openapi.json. Every operation must answer
 * only statuses it lists, in a media type it lists, with a JSON body its schema accepts; a mismatch fails the test
 * file. Every operation declares its success body, so there is nothing the check lets through unread.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** The document's path templates as patterns; literal paths are tried first, as the server routes them. */
function templatesOf(doc: OpenApiDocument) {
  return Object.keys(doc.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`), literal: !template.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
}

/** A schema with the document's component references written out, so it compiles on its own. */
function inlineComponents(schema: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineComponents(item, doc));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return inlineComponents(doc.components.schemas[ref.slice('#/components/schemas/'.length)], doc);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineComponents(value, doc)]));
}

export interface ContractCheck {
  /** Holds one answer against the document. */
  check(method: string, url: string, status: number, contentType: string, body: Buffer): void;
  /** Mismatches, in words. */
  failures: string[];
}

export function contractCheck(doc: OpenApiDocument): ContractCheck {
  const templates = templatesOf(doc);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  const failures: string[] = [];

  function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(inlineComponents(schema, doc) as Record<string, unknown>);
      compiled.set(key, validate);
    }
    return validate;
  }

  function check(method: string, url: string, status: number, contentType: string, body: Buffer) {
    const pathname = url.split('?', 1)[0];
    const found = templates.find((entry) => entry.pattern.test(pathname));
    const verb = (method === 'HEAD' ? 'GET' : method).toLowerCase();
    const operation = found ? doc.paths[found.template][verb] : undefined;
    // No such path or method: the server's 404 and 405 are about the request, not an operation's contract.
    if (!found || !operation) return;
    const name = `${verb.toUpperCase()} ${found.template}`;
    const response = operation.responses[String(status)];
    if (!response) {
      failures.push(`${name} answered ${status}, which it does not list (it lists ${Object.keys(operation.responses).join(', ')})`);
      return;
    }
    if (status === 204 || method === 'HEAD') return;
    if (!response.content) {
      // A success without a declared body must send none; an error's body is always Error.
      if (body.length > 0 && status < 300) failures.push(`${name} answered ${status} with a body, but declares none`);
      return;
    }
    const mediaType = contentType.split(';', 1)[0].trim();
    const content = response.content[mediaType];
    if (!content) {
      failures.push(`${name} answered ${status} as ${mediaType || 'no type'}, not ${Object.keys(response.content).join(' or ')}`);
      return;
    }
    if (mediaType !== 'application/json' || !content.schema) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      failures.push(`${name} answered ${status} with a body that is not JSON`);
      return;
    }
    const validate = validatorFor(`${name} ${status}`, content.schema);
    if (!validate(parsed)) failures.push(`${name} answered ${status} with a body its schema refuses: ${ajv.errorsText(validate.errors)}`);
  }

  return { check, failures };
}
