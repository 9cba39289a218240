import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A reading app's side of OPDS and KOReader sync, as the apps speak them: HTTP Basic on every request, links followed
 * by their rel and type, the PSE template filled in, KOReader's x-auth headers with the MD5 of the password.
 */

export const OPDS_SCHEMA = path.join(__dirname, '..', '..', 'schemas', 'opds-1.2.rnc');

export function basic(login: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

export function koreaderHeaders(login: string, password: string): Record<string, string> {
  return { 'x-auth-user': login, 'x-auth-key': createHash('md5').update(password).digest('hex'), accept: 'application/vnd.koreader.v1+json' };
}

export interface XmlLink {
  rel: string;
  href: string;
  type: string;
  title: string;
  attrs: Record<string, string>;
}

function unescape(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([A-Za-z:]+)="([^"]*)"/g)) attrs[match[1]] = unescape(match[2]);
  return attrs;
}

/** The links of an Atom fragment (a feed's own or an entry's). */
export function linksOf(xml: string): XmlLink[] {
  return [...xml.matchAll(/<link\b[^>]*\/>/g)].map((match) => {
    const attrs = attributesOf(match[0]);
    return { rel: attrs.rel ?? '', href: attrs.href ?? '', type: attrs.type ?? '', title: attrs.title ?? '', attrs };
  });
}

export interface XmlEntry {
  xml: string;
  id: string;
  title: string;
  links: XmlLink[];
}

export function entriesOf(feed: string): XmlEntry[] {
  return [...feed.matchAll(/<entry\b[^>]*>([\s\S]*?)<\/entry>/g)].map((match) => ({
    xml: match[0],
    id: unescape(/<id>([^<]*)<\/id>/.exec(match[1])?.[1] ?? ''),
    title: unescape(/<title>([^<]*)<\/title>/.exec(match[1])?.[1] ?? ''),
    links: linksOf(match[1]),
  }));
}

/** The feed's own links (before its first entry). */
export function feedLinksOf(feed: string): XmlLink[] {
  return linksOf(feed.split('<entry', 1)[0]);
}

/**
 * What jing says of documents against the OPDS 1.2 RELAX NG schema: '' when every one is valid. One run for many
 * documents (jing starts a Java machine each time).
 */
export function jingErrors(xml: string | string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opds-'));
  const files = (Array.isArray(xml) ? xml : [xml]).map((text, i) => {
    const file = path.join(dir, `document-${i}.xml`);
    fs.writeFileSync(file, text);
    return file;
  });
  try {
    execFileSync('jing', ['-c', OPDS_SCHEMA, ...files], { stdio: ['ignore', 'pipe', 'ignore'] });
    return '';
  } catch (error) {
    const out = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    return out.trim() || 'jing failed';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
