/**
 * OPDS 1.2 documents (Atom, RFC 4287) with the Page Streaming Extension 1.2, written as text: the documents are small
 * and their shape fixed, so no XML library is needed. Every value passes through `esc`.
 */

export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  dc: 'http://purl.org/dc/terms/',
  opds: 'http://opds-spec.org/2010/catalog',
  pse: 'http://vaemendis.net/opds-pse/ns',
  opensearch: 'http://a9.com/-/spec/opensearch/1.1/',
} as const;

export const TYPE = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
  entry: 'application/atom+xml;type=entry;profile=opds-catalog',
  opensearch: 'application/opensearchdescription+xml',
  authentication: 'application/opds-authentication+json',
  opds2: 'application/opds+json',
  manifest: 'application/webpub+json',
  progression: 'application/opds-progression+json',
} as const;

export const REL = {
  pseStream: 'http://vaemendis.net/opds-pse/stream',
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  sortNew: 'http://opds-spec.org/sort/new',
  progression: 'http://opds-spec.org/progression',
  acquisition: 'http://opds-spec.org/acquisition',
} as const;

/** Text for XML content and attribute values; characters XML 1.0 cannot hold are dropped. */
export function esc(value: string | number): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export interface Link {
  rel?: string;
  href: string;
  type: string;
  title?: string;
  /** Extra attributes written as they are given (already namespaced, e.g. pse:count). */
  attrs?: Record<string, string | number>;
}

export function link(l: Link): string {
  const attrs = [
    l.rel ? ` rel="${esc(l.rel)}"` : '',
    ` href="${esc(l.href)}"`,
    ` type="${esc(l.type)}"`,
    l.title ? ` title="${esc(l.title)}"` : '',
    ...Object.entries(l.attrs ?? {}).map(([name, value]) => ` ${name}="${esc(value)}"`),
  ];
  return `<link${attrs.join('')}/>`;
}

export interface Entry {
  id: string;
  title: string;
  updated: Date;
  links: Link[];
  /** A short text description (atom:content type text). */
  content?: string;
  /** Extra child elements, already written (dc:language, category, author). */
  extra?: string[];
}

export function entryXml(entry: Entry, standalone = false): string {
  const ns = standalone ? ` xmlns="${NS.atom}" xmlns:dc="${NS.dc}" xmlns:opds="${NS.opds}" xmlns:pse="${NS.pse}"` : '';
  return [
    `<entry${ns}>`,
    `<id>${esc(entry.id)}</id>`,
    `<title>${esc(entry.title)}</title>`,
    `<updated>${entry.updated.toISOString()}</updated>`,
    ...(entry.extra ?? []),
    ...entry.links.map(link),
    entry.content ? `<content type="text">${esc(entry.content)}</content>` : '',
    '</entry>',
  ].join('');
}

export interface Feed {
  id: string;
  title: string;
  updated: Date;
  author: { name: string; uri: string };
  links: Link[];
  entries: Entry[];
  /** opensearch:totalResults etc., for a paged or searched feed. */
  paging?: { total: number; perPage: number; startIndex: number };
}

export function feedXml(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<feed xmlns="${NS.atom}" xmlns:dc="${NS.dc}" xmlns:opds="${NS.opds}" xmlns:pse="${NS.pse}" xmlns:opensearch="${NS.opensearch}">`,
    `<id>${esc(feed.id)}</id>`,
    `<title>${esc(feed.title)}</title>`,
    `<updated>${feed.updated.toISOString()}</updated>`,
    `<author><name>${esc(feed.author.name)}</name><uri>${esc(feed.author.uri)}</uri></author>`,
    ...feed.links.map(link),
    feed.paging
      ? `<opensearch:totalResults>${feed.paging.total}</opensearch:totalResults><opensearch:itemsPerPage>${feed.paging.perPage}</opensearch:itemsPerPage><opensearch:startIndex>${feed.paging.startIndex}</opensearch:startIndex>`
      : '',
    ...feed.entries.map((entry) => entryXml(entry)),
    '</feed>\n',
  ].join('');
}

/** The OpenSearch 1.1 description of a catalogue's search, answering with acquisition feeds (OPDS 1.2 §3). */
export function openSearchXml(args: { shortName: string; description: string; template: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `<ShortName>${esc(args.shortName.slice(0, 16))}</ShortName>`,
    `<Description>${esc(args.description.slice(0, 1024))}</Description>`,
    '<InputEncoding>UTF-8</InputEncoding><OutputEncoding>UTF-8</OutputEncoding>',
    `<Url type="${esc(TYPE.acquisition)}" template="${esc(args.template)}"/>`,
    '</OpenSearchDescription>\n',
  ].join('');
}
