import Ajv2020 from 'ajv/dist/2020';

/**
 * JSON Schemas written here from the specifications' texts (OPDS 2.0 and its feed and publication schemas in
 * opds-community/drafts, the Readium Web Publication Manifest with its DiViNa profile, OPDS Progression 1.0 and
 * Authentication for OPDS 1.0): what each says a document MUST hold.
 */

const link = {
  type: 'object',
  required: ['href'],
  properties: {
    href: { type: 'string', minLength: 1 },
    type: { type: 'string', pattern: '^[^/]+/[^/]+' },
    rel: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string' } }] },
    title: { type: 'string' },
    templated: { type: 'boolean' },
    width: { type: 'integer', exclusiveMinimum: 0 },
    height: { type: 'integer', exclusiveMinimum: 0 },
    properties: { type: 'object' },
  },
  // A templated href says so (RFC 6570 braces only then).
  if: { properties: { href: { pattern: '[{}]' } } },
  then: { required: ['templated'], properties: { templated: { const: true } } },
};

const relIs = (rel: string | string[]) => ({
  properties: {
    rel: {
      anyOf: [
        { type: 'string', enum: Array.isArray(rel) ? rel : [rel] },
        { type: 'array', contains: { type: 'string', enum: Array.isArray(rel) ? rel : [rel] } },
      ],
    },
  },
  required: ['rel'],
});

/** Readium metadata: a title, and typed facts where given. */
const readiumMetadata = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'object' }] },
    '@type': { type: 'string' },
    identifier: { type: 'string' },
    modified: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T' },
    published: { type: 'string', pattern: '^\\d{4}(-\\d{2}(-\\d{2})?)?' },
    language: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    readingProgression: { enum: ['rtl', 'ltr', 'ttb', 'btt', 'auto'] },
    numberOfPages: { type: 'integer', minimum: 1 },
    conformsTo: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  },
};

const acquisitionRels = ['preview', 'http://opds-spec.org/acquisition', 'http://opds-spec.org/acquisition/open-access', 'http://opds-spec.org/acquisition/borrow', 'http://opds-spec.org/acquisition/buy', 'http://opds-spec.org/acquisition/sample', 'http://opds-spec.org/acquisition/subscribe'];

const publication = {
  type: 'object',
  required: ['metadata', 'links', 'images'],
  properties: {
    metadata: readiumMetadata,
    links: { type: 'array', items: link, allOf: [{ contains: relIs('self') }, { contains: relIs(acquisitionRels) }] },
    images: { type: 'array', minItems: 1, items: link, contains: { properties: { type: { enum: ['image/jpeg', 'image/png', 'image/gif'] } }, required: ['type'] } },
  },
};

const feedMetadata = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1 },
    numberOfItems: { type: 'integer', minimum: 0 },
    itemsPerPage: { type: 'integer', minimum: 1 },
    currentPage: { type: 'integer', minimum: 1 },
  },
};

const navigation = { type: 'array', items: { ...link, required: ['href', 'title'] } };

export const OPDS2_FEED = {
  type: 'object',
  required: ['metadata', 'links'],
  anyOf: [{ required: ['publications'] }, { required: ['navigation'] }, { required: ['groups'] }],
  properties: {
    metadata: feedMetadata,
    links: { type: 'array', items: link, contains: relIs('self') },
    navigation,
    publications: { type: 'array', items: publication },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['metadata'],
        anyOf: [{ required: ['publications'] }, { required: ['navigation'] }],
        properties: { metadata: feedMetadata, links: { type: 'array', items: link }, navigation, publications: { type: 'array', items: publication } },
      },
    },
  },
};

/** A Readium Web Publication Manifest under the DiViNa profile: its reading order is images. */
export const DIVINA_MANIFEST = {
  type: 'object',
  required: ['metadata', 'links', 'readingOrder'],
  properties: {
    '@context': { anyOf: [{ const: 'https://readium.org/webpub-manifest/context.jsonld' }, { type: 'array', contains: { const: 'https://readium.org/webpub-manifest/context.jsonld' } }] },
    metadata: { ...readiumMetadata, required: ['title', 'conformsTo'], properties: { ...readiumMetadata.properties, conformsTo: { const: 'https://readium.org/webpub-manifest/profiles/divina' } } },
    links: { type: 'array', items: link, contains: relIs('self') },
    readingOrder: { type: 'array', minItems: 1, items: { ...link, required: ['href', 'type'], properties: { ...link.properties, type: { type: 'string', pattern: '^image/' } } } },
    resources: { type: 'array', items: link },
  },
};

export const PROGRESSION = {
  type: 'object',
  required: ['modified', 'device', 'progression'],
  properties: {
    title: { type: 'string' },
    modified: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}' },
    device: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*:' }, name: { type: 'string', minLength: 1 } } },
    progression: { type: 'number', minimum: 0, maximum: 1 },
    references: { type: 'array', items: { type: 'string' } },
  },
};

export const AUTHENTICATION_DOCUMENT = {
  type: 'object',
  required: ['authentication', 'title', 'id'],
  properties: {
    id: { type: 'string', pattern: '^https?://' },
    title: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    links: { type: 'array', items: link },
    authentication: { type: 'array', minItems: 1, items: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: '^https?://' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } } },
  },
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<object, ReturnType<typeof ajv.compile>>();

/** The schema's complaints about a document, in words; '' when it holds. */
export function schemaErrors(schema: object, value: unknown): string {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? '' : ajv.errorsText(validate.errors);
}
