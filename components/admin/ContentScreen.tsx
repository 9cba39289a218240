import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTitles } from '@/hooks/useAdmin';
import type { TitleRow } from '@/services/admin';
import { DrawingPanel } from './DrawingPanel';
import { ImportsPanel } from './ImportsPanel';
import { Heading, ListState, Page, Pager, SearchForm, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

// A title's forms and issues load when one is chosen, so the page's first load stays within the 150 kB gzip budget
// (bench/first-load-js.ts) with the upload form and the titles ready first.
const TitleDetails = dynamic(() => import('./TitleDetails').then((module) => module.TitleDetails), {
  ssr: false,
  loading: () => <Status role="status">Loading…</Status>,
});

/**
 * /admin/content: upload PDF issues and follow their imports; find a title, correct its metadata or an issue's, see
 * its issues, withdraw or restore one (hidden at once everywhere), see which are still drawing, draw one's pages again
 * from its original PDF, or download that PDF.
 */
export function ContentScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [title, setTitle] = useState<TitleRow | null>(null);
  const titles = useTitles(search, page);
  return (
    <Page>
      <Heading>Content</Heading>
      <ImportsPanel />
      <DrawingPanel />
      <Section aria-labelledby="find-titles">
        <SubHeading id="find-titles">Titles</SubHeading>
        <SearchForm
          label="Title, publisher or ISSN"
          onSearch={(text) => {
            setPage(0);
            setSearch(text);
          }}
        />
        <ListState loading={titles.isLoading && !titles.data} error={titles.error} empty={titles.data?.titles.length === 0}>
          {titles.data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Titles found</caption>
                  <thead>
                    <tr>
                      <th scope="col">Title</th>
                      <th scope="col">Category</th>
                      <th scope="col">Issues</th>
                    </tr>
                  </thead>
                  <tbody>
                    {titles.data.titles.map((row) => (
                      <tr key={row.id}>
                        <td>{row.name}</td>
                        <td>{row.categoryName}</td>
                        <td>
                          <SmallButton type="button" onClick={() => setTitle(row)} aria-pressed={title?.id === row.id}>
                            Show issues<span className="visually-hidden"> of {row.name}</span>
                          </SmallButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={titles.data.pageSize} total={titles.data.total} onPage={setPage} label="Titles" />
            </>
          ) : null}
        </ListState>
      </Section>
      {title ? (
        <TitleDetails
          title={title}
          onSaved={(saved) => {
            setTitle({ ...title, ...saved });
            void titles.mutate();
          }}
        />
      ) : null}
    </Page>
  );
}

