import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTitles } from '@/hooks/useAdmin';
import { setCollection } from '@/services/admin';
import type { Collection } from '@/lib/wire';
import { errorText, Fieldset, Heading, Hint, ListState, Page, Pager, Row, SearchForm, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

const CHOSEN_PAGE_SIZE = 20;

interface Named {
  id: number;
  name: string;
}

export interface CollectionScreenProps {
  libraryId: number;
  libraryName: string;
  initial: Collection;
  categories: Named[];
}

/**
 * /admin/libraries/{id}/collection: all titles, or the titles and categories chosen here (the rest is invisible to
 * the library's members). Titles are found a page at a time; nothing is saved until "Save collection".
 */
export function CollectionScreen({ libraryId, libraryName, initial, categories }: CollectionScreenProps) {
  const [mode, setMode] = useState<'all' | 'chosen'>(initial.mode === 'chosen' ? 'chosen' : 'all');
  const [titles, setTitles] = useState<Named[]>(initial.titles);
  const [categoryIds, setCategoryIds] = useState<number[]>(initial.categories.map((category) => category.id));
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const edit = () => {
    setChanged(true);
    setNotice(null);
  };
  const addTitle = (title: Named) => {
    edit();
    setTitles((current) => (current.some((t) => t.id === title.id) ? current : [...current, title].sort((a, b) => a.name.localeCompare(b.name))));
  };
  const removeTitle = (id: number) => {
    edit();
    setTitles((current) => current.filter((t) => t.id !== id));
  };
  const toggleCategory = (id: number, on: boolean) => {
    edit();
    setCategoryIds((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  };

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const saved = await setCollection(libraryId, { mode, titleIds: titles.map((t) => t.id), categoryIds });
      setChanged(false);
      setNotice({
        text:
          saved.mode === 'all'
            ? `Collection saved: members of ${libraryName} see every title.`
            : `Collection saved: ${plural(saved.titleIds.length, 'title')} and ${plural(saved.categoryIds.length, 'category', 'categories')} chosen.`,
        error: false,
      });
    } catch (failure) {
      setNotice({ text: `Not saved: ${errorText(failure)}`, error: true });
    }
    setBusy(false);
  }

  const chosenIds = new Set(titles.map((t) => t.id));
  const chosenCategoryNames = categories.filter((c) => categoryIds.includes(c.id)).map((c) => c.name);

  return (
    <Page>
      <Heading>{libraryName}: collection</Heading>
      <p>
        <Link href={`/admin/libraries/${libraryId}`}>Back to the settings of {libraryName}</Link>
      </p>
      <form onSubmit={(event) => void onSave(event)}>
        <Fieldset>
          <legend>Titles offered to members</legend>
          <Row>
            <label>
              <input type="radio" name="mode" value="all" checked={mode === 'all'} onChange={() => { edit(); setMode('all'); }} /> All titles
            </label>
            <label>
              <input type="radio" name="mode" value="chosen" checked={mode === 'chosen'} onChange={() => { edit(); setMode('chosen'); }} /> Only the titles and categories chosen
            </label>
          </Row>
        </Fieldset>
        <Status role="status" aria-live="polite">
          {mode === 'all'
            ? 'Members see every title.'
            : `Chosen: ${plural(titles.length, 'title')} and ${plural(categoryIds.length, 'category', 'categories')}${chosenCategoryNames.length ? ` (${chosenCategoryNames.join(', ')})` : ''}.`}
          {changed ? ' Not saved yet.' : ''}
        </Status>
        {notice ? (
          <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>
            {notice.text}
          </Status>
        ) : null}
        <Row>
          <SmallButton type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save collection'}
          </SmallButton>
        </Row>
      </form>
      {mode === 'chosen' ? (
        <>
          <Section aria-labelledby="chosen-categories">
            <SubHeading id="chosen-categories">Categories</SubHeading>
            <Hint>Every title of a chosen category is offered, now and as new ones arrive.</Hint>
            <Fieldset>
              <legend>Chosen categories</legend>
              <Row>
                {categories.map((category) => (
                  <label key={category.id}>
                    <input type="checkbox" checked={categoryIds.includes(category.id)} onChange={(event) => toggleCategory(category.id, event.target.checked)} /> {category.name}
                  </label>
                ))}
              </Row>
            </Fieldset>
          </Section>
          <ChosenTitles titles={titles} onRemove={removeTitle} />
          <FindTitles chosenIds={chosenIds} onAdd={addTitle} onRemove={removeTitle} />
        </>
      ) : null}
    </Page>
  );
}

function ChosenTitles({ titles, onRemove }: { titles: Named[]; onRemove: (id: number) => void }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(titles.length / CHOSEN_PAGE_SIZE));
  const shown = Math.min(page, pages - 1);
  const rows = titles.slice(shown * CHOSEN_PAGE_SIZE, (shown + 1) * CHOSEN_PAGE_SIZE);
  return (
    <Section aria-labelledby="chosen-titles">
      <SubHeading id="chosen-titles">Chosen titles</SubHeading>
      {titles.length === 0 ? (
        <Status role="status">No title chosen one by one.</Status>
      ) : (
        <>
          <TableWrap>
            <Table>
              <caption className="visually-hidden">Chosen titles</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((title) => (
                  <tr key={title.id}>
                    <td>{title.name}</td>
                    <td>
                      <SmallButton type="button" onClick={() => onRemove(title.id)}>
                        Remove<span className="visually-hidden"> {title.name}</span>
                      </SmallButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
          <Pager page={shown} pageSize={CHOSEN_PAGE_SIZE} total={titles.length} onPage={setPage} label="Chosen titles" />
        </>
      )}
    </Section>
  );
}

function FindTitles({ chosenIds, onAdd, onRemove }: { chosenIds: Set<number>; onAdd: (title: Named) => void; onRemove: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const found = useTitles(search, page);
  return (
    <Section aria-labelledby="find-titles">
      <SubHeading id="find-titles">Add titles</SubHeading>
      <SearchForm
        label="Title, publisher or ISSN"
        name="Titles"
        onSearch={(text) => {
          setPage(0);
          setSearch(text);
        }}
      />
      <ListState loading={found.isLoading && !found.data} error={found.error} empty={found.data?.titles.length === 0}>
        {found.data ? (
          <>
            <TableWrap>
              <Table>
                <caption className="visually-hidden">Titles found</caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Category</th>
                    <th scope="col">In the collection</th>
                  </tr>
                </thead>
                <tbody>
                  {found.data.titles.map((title) => (
                    <tr key={title.id}>
                      <td>{title.name}</td>
                      <td>{title.categoryName}</td>
                      <td>
                        {chosenIds.has(title.id) ? (
                          <SmallButton type="button" onClick={() => onRemove(title.id)}>
                            Remove<span className="visually-hidden"> {title.name}</span>
                          </SmallButton>
                        ) : (
                          <SmallButton type="button" onClick={() => onAdd({ id: title.id, name: title.name })}>
                            Add<span className="visually-hidden"> {title.name}</span>
                          </SmallButton>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
            <Pager page={page} pageSize={found.data.pageSize} total={found.data.total} onPage={setPage} label="Titles found" />
          </>
        ) : null}
      </ListState>
    </Section>
  );
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
