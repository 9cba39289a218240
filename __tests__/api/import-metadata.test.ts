import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFileName, resolveMetadata } from '@/server/import/metadata';

/** Files on disk as the import finds them: a PDF's folder with its sidecars and ComicInfo.xml. */
function folderWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-metadata-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const COMIC_INFO = `<?xml version="1.0"?>
<ComicInfo>
  <Series>Comic Series Name</Series>
  <Number>7</Number>
  <Year>2025</Year><Month>11</Month><Day>3</Day>
  <LanguageISO>es</LanguageISO>
  <AgeRating>Teen</AgeRating>
  <Publisher>Comic Publisher</Publisher>
  <Summary>From ComicInfo &amp; friends.</Summary>
</ComicInfo>`;
const PDF_INFO = { title: 'Title In The PDF', author: 'Author In The PDF', producer: 'Producer In The PDF' };
const NO_PDF_INFO = { title: '', author: '', producer: '' };

describe('import metadata: precedence', () => {
  it('takes each field from the sidecar over ComicInfo.xml over the PDF over the file name', async () => {
    const dir = folderWith({
      'Name From File - 2024-01-02.pdf.json': JSON.stringify({ title: 'Sidecar Title', ageRating: 2 }),
      'ComicInfo.xml': COMIC_INFO,
    });
    const { metadata, sources } = await resolveMetadata(path.join(dir, 'Name From File - 2024-01-02.pdf'), PDF_INFO);
    expect(metadata).toEqual({
      title: 'Sidecar Title',
      ageRating: 2,
      issueNumber: '7',
      issueDate: '2025-11-03',
      language: 'es',
      publisher: 'Comic Publisher',
      about: 'From ComicInfo & friends.',
      // The file name's '2 January 2024' described its own date, which ComicInfo overrode.
      issueName: '#7',
    });
    expect(sources).toMatchObject({ title: path.join(dir, 'Name From File - 2024-01-02.pdf.json'), issueDate: path.join(dir, 'ComicInfo.xml') });
  });

  it('prefers the PDF’s Title and Author to the file name, and Producer when there is no Author', async () => {
    const dir = folderWith({});
    const file = path.join(dir, 'Name From File - 2024-01-02.pdf');
    expect((await resolveMetadata(file, PDF_INFO)).metadata).toEqual({
      title: 'Title In The PDF',
      publisher: 'Author In The PDF',
      issueDate: '2024-01-02',
      issueName: '2 January 2024',
    });
    expect((await resolveMetadata(file, { ...PDF_INFO, author: '' })).metadata.publisher).toBe('Producer In The PDF');
    expect((await resolveMetadata(file, NO_PDF_INFO)).metadata.title).toBe('Name From File');
  });

  it('uses the file’s own sidecar over the folder’s title.json', async () => {
    const dir = folderWith({
      'title.json': JSON.stringify({ title: 'Folder Title', category: 'Travel', language: 'en' }),
      'Issue - 2026-05.json': JSON.stringify({ language: 'hi', issueName: 'The May Number' }),
    });
    const { metadata } = await resolveMetadata(path.join(dir, 'Issue - 2026-05.pdf'), NO_PDF_INFO);
    expect(metadata).toEqual({ title: 'Folder Title', category: 'Travel', language: 'hi', issueName: 'The May Number', issueDate: '2026-05-01' });
  });

  it('dates an issue from the file name before --issue-date, before the folder’s title.json, before the PDF’s creation date', async () => {
    const dir = folderWith({ 'title.json': JSON.stringify({ title: 'Folder Title', issueDate: '2026-02-01' }) });
    const created = { ...NO_PDF_INFO, creationDate: '2025-12-24' };
    const named = await resolveMetadata(path.join(dir, 'Folder Title - 2026-05-14.pdf'), created, { issueDate: '2026-03-03' });
    expect([named.metadata.issueDate, named.sources.issueDate]).toEqual(['2026-05-14', 'file name']);
    const flagged = await resolveMetadata(path.join(dir, 'Folder Title #4.pdf'), created, { issueDate: '2026-03-03' });
    expect([flagged.metadata.issueDate, flagged.sources.issueDate]).toEqual(['2026-03-03', 'the default issue date']);
    const folder = await resolveMetadata(path.join(dir, 'Folder Title #4.pdf'), created);
    expect([folder.metadata.issueDate, folder.sources.issueDate, folder.metadata.issueName]).toEqual(['2026-02-01', path.join(dir, 'title.json'), '#4']);
    const bare = folderWith({});
    const guessed = await resolveMetadata(path.join(bare, 'Loose Sheet.pdf'), created);
    expect([guessed.metadata.issueDate, guessed.sources.issueDate]).toEqual(['2025-12-24', "the file's creation date"]);
    expect((await resolveMetadata(path.join(bare, 'Loose Sheet.pdf'), NO_PDF_INFO)).metadata.issueDate).toBeUndefined();
  });

  it.each([
    ['not JSON', '{ "title": ', /bad\.pdf\.json: not valid JSON/],
    ['an age rating out of range', JSON.stringify({ ageRating: 10 }), /bad\.pdf\.json: field ageRating/],
    ['an impossible date', JSON.stringify({ issueDate: '2026-02-30' }), /bad\.pdf\.json: field issueDate must be a date as YYYY-MM-DD or YYYY-MM/],
    ['a bad ISSN', JSON.stringify({ issn: '12345' }), /bad\.pdf\.json: field issn must be an ISSN/],
    ['an unknown field', JSON.stringify({ titel: 'Typo' }), /bad\.pdf\.json: field titel is not a sidecar field/],
    ['a category of the wrong type', JSON.stringify({ category: true }), /bad\.pdf\.json: field category/],
  ])('refuses a sidecar with %s, naming the file and the field', async (_case, text, message) => {
    const dir = folderWith({ 'bad.pdf.json': text });
    await expect(resolveMetadata(path.join(dir, 'bad.pdf'), NO_PDF_INFO)).rejects.toThrow(message);
  });
});

describe('import metadata: the file-name patterns magazines use', () => {
  it.each([
    ['Title - 2026-05-14.pdf', { title: 'Title', issueDate: '2026-05-14', issueName: '14 May 2026' }],
    ['Title - 2026-05.pdf', { title: 'Title', issueDate: '2026-05-01', issueName: 'May 2026' }],
    ['Title #123.pdf', { title: 'Title', issueNumber: '123', issueName: '#123' }],
    ['Title 37-38.pdf', { title: 'Title', issueNumber: '37-38', issueName: 'No. 37-38' }],
    ['Title - Special - Summer 2026.pdf', { title: 'Title', isSpecialIssue: true, issueDate: '2026-06-01', issueName: 'Special - Summer 2026' }],
    ['The Daily Word - Special - December 2025.pdf', { title: 'The Daily Word', isSpecialIssue: true, issueDate: '2025-12-01', issueName: 'Special - December 2025' }],
    ['Just A Title.pdf', { title: 'Just A Title' }],
    ['Title - 2026-13-01.pdf', { title: 'Title - 2026-13-01' }],
    ['Route 66 1999.pdf', { title: 'Route 66 1999' }],
  ])('%s', (name, expected) => {
    expect(parseFileName(`/library/in/${name}`)).toEqual(expected);
  });
});
