/**
 * npm run demo-pdfs -- <folder>
 *
 * Writes a few real PDF issues with their metadata into a folder, for trying the import (`npm run import -- <folder>`):
 * a magazine with a title.json for its folder and two issues named by date (text, an outline of three stories, a
 * landscape spread, a scanned page without text, pictures), and a newsletter named by number with its own sidecar.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fillerLines, makeSamplePdf, type SamplePage } from '../bench/samples';

function storyPages(title: string, first: number, count: number, words: string): SamplePage[] {
  return Array.from({ length: count }, (_, i) => ({
    lines: [i === 0 ? title : `${title} (continued)`, `${words} appear on page ${first + i}.`, ...fillerLines(first + i, 14)],
    picture: i === 0,
  }));
}

export async function writeDemoPdfs(folder: string): Promise<string[]> {
  const review = path.join(folder, 'riverside-review');
  const notes = path.join(folder, 'harbour-notes');
  await fs.mkdir(review, { recursive: true });
  await fs.mkdir(notes, { recursive: true });
  const written: string[] = [];
  const write = async (file: string, data: Uint8Array | string) => {
    await fs.writeFile(file, data);
    written.push(file);
  };

  await write(
    path.join(review, 'title.json'),
    `${JSON.stringify({ title: 'Riverside Review', publisher: 'Riverside Press', category: 'Travel', language: 'en', ageRating: 3, about: 'A monthly magazine of walks, towns and waterways.', issn: '2049-3630' }, null, 2)}\n`,
  );
  const may: SamplePage[] = [
    { lines: ['Riverside Review', 'May 2026: towpaths, lighthouses and a floating market.'], picture: true },
    ...storyPages('The Lighthouse Keepers', 2, 2, 'Lanterns and foghorns'),
    { landscape: true, lines: ['A spread across two pages', 'The estuary at low tide, from the old swing bridge to the sea.', ...fillerLines(4, 8)] },
    ...storyPages('Floating Market Mornings', 5, 1, 'Kingfishers and marmalade'),
    { scanned: true },
    ...storyPages('Walking the Towpath', 7, 2, 'Lockkeepers and heron'),
  ];
  await write(
    path.join(review, 'Riverside Review - 2026-05-14.pdf'),
    await makeSamplePdf({
      pages: may,
      outline: [
        { title: 'The Lighthouse Keepers', pageNo: 2 },
        { title: 'Floating Market Mornings', pageNo: 5 },
        { title: 'Walking the Towpath', pageNo: 7 },
      ],
      info: { title: 'Riverside Review May 2026', author: 'Riverside Press' },
    }),
  );
  await write(
    path.join(review, 'Riverside Review - 2026-06.pdf'),
    await makeSamplePdf({ pages: [{ lines: ['Riverside Review', 'June 2026: summer ferries.'] }, ...storyPages('Summer Ferries', 2, 3, 'Timetables and gulls')] }),
  );

  await write(
    path.join(notes, 'Harbour Notes #12.pdf.json'),
    `${JSON.stringify({ category: 'Boating', language: 'en', ageRating: 1, issueDate: '2026-04-01', publisher: 'Harbour Society' }, null, 2)}\n`,
  );
  await write(
    path.join(notes, 'Harbour Notes #12.pdf'),
    await makeSamplePdf({
      pages: [{ lines: ['Harbour Notes', 'Number 12: moorings and tide tables.'] }, ...storyPages('Moorings for Beginners', 2, 2, 'Cleats and bowlines')],
      outline: [{ title: 'Moorings for Beginners', pageNo: 2 }],
    }),
  );
  return written;
}

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run demo-pdfs -- <folder>');
    process.exit(2);
  }
  const written = await writeDemoPdfs(path.resolve(folder));
  console.log(written.map((file) => `wrote ${path.relative(process.cwd(), file)}`).join('\n'));
  console.log(`Now: npm run import -- ${folder}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
