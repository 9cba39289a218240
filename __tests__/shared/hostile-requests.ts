/**
 * Hostile requests for every operation of /api/openapi.json, as fast-check arbitraries, and what a good answer to
 * one looks like. Shared by the bounded run in `npm test` (__tests__/api/hostile.test.ts) and the larger one in
 * bench/fuzz.ts.
 */
import fc from 'fast-check';

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema>; minimum?: number; anyOf?: JsonSchema[] };

export interface Operation {
  method: string;
  /** With `{name}` where a path parameter goes. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

/** Every operation the document names. */
export function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Who the request claims to be; the test turns each into headers with real, forged and expired tokens. */
export type Credential = 'none' | 'member' | 'forged' | 'expired' | 'unsigned' | 'garbage' | 'cookie-member-no-xsrf' | 'malformed-cookies';
export type Credentials = Record<Credential, Record<string, string>>;

export interface HostileRequest {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const ONE_MEGABYTE = 'a'.repeat(1024 * 1024);

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u0002',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    '\t',
    '\r\nSet-Cookie: a=b',
    '\ud800',
    'x\udfff',
    '\ud83d',
    '../../../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR '1'='1' --",
    '%00',
    '%',
    '__proto__',
    'constructor',
    '',
    ' ',
    'null',
    '[]',
    '{}',
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'binary-ascii', maxLength: 24 }),
);

const hostileNumberText = fc.oneof(
  fc.constantFrom(
    '9007199254740993',
    '99999999999999999999',
    '2147483648',
    '-2147483649',
    '1e308',
    '1e400',
    '-1',
    '0',
    '-0',
    '1.5',
    '-0.5',
    'NaN',
    'Infinity',
    '0x10',
    '1e3',
    ' 1',
    '１',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);

/** encodeURIComponent, but half a surrogate pair goes as the bytes a careless encoder would send (it throws otherwise). */
function encodeSegment(text: string): string {
  return text.isWellFormed() ? encodeURIComponent(text) : encodeURIComponent(text.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');
}

/** A value a real client would send for this parameter: the first of an enum, else a small number or a word. */
function plausible(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  const types = ([] as unknown[]).concat(schema?.type ?? schema?.anyOf?.map((s) => s.type) ?? []);
  if (types.includes('integer') || types.includes('number')) return String(Math.max(1, schema?.minimum ?? 1));
  return 'reading';
}

function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(plausible(schema)) },
    { weight: 3, arbitrary: hostileText },
    { weight: 3, arbitrary: hostileNumberText },
    // Long, but a few of them stay under Node's 16 kB header limit: the 1 MB strings go in bodies.
    { weight: 1, arbitrary: fc.constant('b'.repeat(2000)) },
  );
}

const jsonScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumberText,
  fc.constantFrom(null, true, false, 0, -1, 0.5, -0.5, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, Number.MAX_VALUE, 2_147_483_648),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Where a scalar is expected: a scalar, an array, an object, or something large. */
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: jsonScalar },
  { weight: 1, arbitrary: fc.array(jsonScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileText, jsonScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(['1'], [1, 2], { $gt: '' }, { toString: 'x' }, [[[[[]]]]]) },
);

function jsonBody(schema: JsonSchema | null): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema?.properties ?? {});
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    fields[name] = fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constant(plausible(schema?.properties?.[name])) },
      { weight: 4, arbitrary: jsonValue },
    );
  }
  return fc.record(fields).map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
}

type BodyPlan = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string | null };

function bodyPlan(schema: JsonSchema | null): fc.Arbitrary<BodyPlan> {
  return fc.oneof(
    { weight: 6, arbitrary: jsonBody(schema).map((value): BodyPlan => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyPlan>(
        { kind: 'raw', text: '{"a":', type: 'application/json' },
        { kind: 'raw', text: '{"a":1}}', type: 'application/json' },
        { kind: 'raw', text: '\u0000', type: 'application/json' },
        { kind: 'raw', text: '[1,2', type: null },
        { kind: 'raw', text: '"\\ud800"', type: 'application/json' },
        { kind: 'raw', text: '{"__proto__":{"admin":true}}', type: 'application/json' },
        { kind: 'raw', text: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' },
        { kind: 'raw', text: `{"a":"${ONE_MEGABYTE}"}`, type: 'application/json' },
        { kind: 'raw', text: 'a=1&a=2', type: 'application/x-www-form-urlencoded' },
        { kind: 'raw', text: '{"a":1}', type: 'text/plain' },
        { kind: 'raw', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', type: 'multipart/form-data; boundary=x' },
        { kind: 'raw', text: '{"a":1}', type: 'application/json; charset=utf-16' },
        { kind: 'raw', text: '<a>1</a>', type: 'application/xml' },
      ),
    },
    { weight: 1, arbitrary: jsonValue.map((value): BodyPlan => ({ kind: 'json', value })) },
  );
}

/** A request to `op`: hostile or plausible values in its path, query and body, with some credential. */
export function hostileRequest(op: Operation, credentials: Credentials): fc.Arbitrary<HostileRequest> {
  const pathValues = fc.tuple(...op.pathParams.map(() => fc.oneof(fc.constant('1'), hostileText, hostileNumberText)));
  const queryPairs = fc
    .tuple(
      ...op.query.map((param) =>
        fc.oneof(
          { weight: 1, arbitrary: fc.constant([] as [string, string][]) },
          { weight: 4, arbitrary: queryValue(param.schema).map((value) => [[param.name, value]] as [string, string][]) },
          // The same key twice, the second hostile.
          { weight: 1, arbitrary: fc.tuple(queryValue(param.schema), hostileText).map(([a, b]) => [[param.name, a], [param.name, b]] as [string, string][]) },
        ),
      ),
    )
    .map((lists) => lists.flat());
  const extraQuery = fc.option(fc.tuple(hostileText, hostileText), { nil: null });
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body = hasBody ? bodyPlan(op.body).map((plan) => plan as BodyPlan | null) : fc.constant(null);
  // The member's own session half the time, so most requests get past the session check to the validation.
  const names = Object.keys(credentials) as Credential[];
  const credential = fc.oneof(
    { weight: names.length, arbitrary: fc.constant<Credential>('member') },
    { weight: names.length, arbitrary: fc.constantFrom(...names) },
  );
  return fc.record({ pathValues, queryPairs, extraQuery, body, credential }).map(({ pathValues: values, queryPairs: pairs, extraQuery: extra, body: plan, credential: who }) => {
    let path = op.path;
    op.pathParams.forEach((name, i) => {
      // '%' and '%00' go as they are: a broken escape, and one that decodes to NUL.
      const value = String(values[i]);
      path = path.replace(`{${name}}`, value === '%' || value === '%00' ? value : encodeSegment(value));
    });
    const search = new URLSearchParams([...pairs, ...(extra ? [extra] : [])]).toString();
    const headers: Record<string, string> = { ...credentials[who] };
    let text: string | undefined;
    if (plan?.kind === 'json') {
      text = JSON.stringify(plan.value);
      headers['content-type'] = 'application/json';
    } else if (plan?.kind === 'raw') {
      text = plan.text;
      if (plan.type) headers['content-type'] = plan.type;
    }
    const request: HostileRequest = { method: op.method, url: search ? `${path}?${search}` : path, headers, body: text };
    // fast-check prints a failing value with this, so a 1 MB body does not flood the report.
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });
}

/** Values every field of every operation meets, one field at a time with the others plausible, before the generated ones. */
const TARGETED_VALUES: unknown[] = ['\u0000', '\ud800', '99999999999999999999', ['1']];

/** One request per field and TARGETED_VALUES entry: that value in that field, every other field plausible, as the member. */
export function targetedRequests(op: Operation, credentials: Credentials): HostileRequest[] {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const bodyFields = hasBody ? Object.keys(op.body?.properties ?? {}) : [];
  const fields = [
    ...op.pathParams.map((name) => ({ where: 'path' as const, name })),
    ...op.query.map((param) => ({ where: 'query' as const, name: param.name })),
    ...bodyFields.map((name) => ({ where: 'body' as const, name })),
  ];
  const requests: HostileRequest[] = [];
  for (const target of fields) {
    for (const value of TARGETED_VALUES) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const pick = (where: string, name: string, schema: JsonSchema | undefined) => (target.where === where && target.name === name ? text : plausible(schema));
      let path = op.path;
      for (const name of op.pathParams) path = path.replace(`{${name}}`, encodeSegment(pick('path', name, undefined)));
      const search = new URLSearchParams(op.query.map((param) => [param.name, pick('query', param.name, param.schema)])).toString();
      const body = Object.fromEntries(
        bodyFields.map((name) => [name, target.where === 'body' && target.name === name ? value : plausible(op.body?.properties?.[name])]),
      );
      const request: HostileRequest = {
        method: op.method,
        url: search ? `${path}?${search}` : path,
        headers: { ...credentials.member, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        body: hasBody ? JSON.stringify(body) : undefined,
      };
      requests.push(Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }));
    }
  }
  return requests;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export async function send(baseUrl: string, request: HostileRequest): Promise<Answer> {
  const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

// A line of a V8 stack trace, or a path on the server.
const STACK_TRACE = /\bat [\w.<>]+ \(|\bat (?:file:|node:|\/)|node_modules\/|\/work\/|webpack-internal:/;

/** What is wrong with an API answer to a hostile request: empty when it is a 2xx, a 3xx or a well-formed 4xx. */
export function problemsWithApiAnswer(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 200) problems.push(`answered ${answer.status}`);
  if (STACK_TRACE.test(answer.text)) problems.push('shows a stack trace or a server path');
  // 431 is Node's own answer to headers past its limit, before any code of ours runs: it has no body.
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 431) {
    let body: unknown = null;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`a ${answer.status} that is not JSON`);
    }
    const error = body as { status?: unknown; message?: unknown; field?: unknown; Code?: unknown; Message?: unknown } | null;
    // The COUNTER API (/api/r51) answers with the Code of Practice's Exception instead (Appendix D): a code and its message.
    const counterException = typeof error?.Code === 'number' && typeof error.Message === 'string' && error.Message !== '';
    if (body !== null && !counterException) {
      if (error?.status !== answer.status) problems.push(`a ${answer.status} whose body says status ${String(error?.status)}`);
      if (typeof error?.message !== 'string' || error.message === '') problems.push(`a ${answer.status} with no message`);
      if (answer.status === 400 && (typeof error?.field !== 'string' || error.field === '')) problems.push('a 400 that names no field');
    }
  }
  return problems;
}

/** What is wrong with a page's answer to a hostile address: a 5xx, or a stack trace in what it shows. */
export function problemsWithPageAnswer(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 200) problems.push(`answered ${answer.status}`);
  if (STACK_TRACE.test(answer.text)) problems.push('shows a stack trace or a server path');
  return problems;
}

/** The request in a form a person can paste into curl when a run fails (long values cut). */
export function describeRequest(request: HostileRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return JSON.stringify({ ...request, url: cut(request.url), body: request.body === undefined ? undefined : cut(request.body) });
}
