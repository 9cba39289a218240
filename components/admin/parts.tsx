import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError } from '@/services/http';
import { theme } from '@/styles/theme';

/** Shared pieces of the console's screens: headings, tables that scroll at 320px, states, pager. */

export const Page = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${theme.spacing.lg};

  & :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Heading = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  margin: 0 0 ${theme.spacing.lg};
`;

export const SubHeading = styled.h2`
  font-size: ${theme.fontSizes.xl};
  margin: ${theme.spacing.xl} 0 ${theme.spacing.md};
`;

export const Section = styled.section`
  margin-bottom: ${theme.spacing.xl};
`;

export const TableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  th,
  td {
    text-align: left;
    padding: ${theme.spacing.sm};
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
  }

  th {
    background: ${theme.colors.surfaceAlt};
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.sm};
  align-items: flex-end;
`;

export const SmallButton = styled.button<{ $danger?: boolean }>`
  min-height: 44px;
  padding: ${theme.spacing.xs} ${theme.spacing.md};
  border: 2px solid ${({ $danger }) => ($danger ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${({ $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  font-size: ${theme.fontSizes.sm};
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
  }
`;

export const Status = styled.p<{ $error?: boolean }>`
  color: ${({ $error }) => ($error ? theme.colors.danger : theme.colors.muted)};
  margin: ${theme.spacing.sm} 0;
`;

/** Something an operator should look at (a page drawn with losses, a guessed date): the danger colour, on its own line. */
export const Warning = styled.span`
  display: block;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

/** The server's own words for a failed call, else the spec's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return 'Something went wrong. Please try again.';
}

/** Loading, error and empty states of a list, announced to screen readers. */
export function ListState({ loading, error, empty, emptyText, children }: { loading: boolean; error: unknown; empty: boolean; emptyText?: string; children: ReactNode }) {
  if (error) return <Status role="alert" $error>{errorText(error)}</Status>;
  if (loading) return <Status role="status">Loading…</Status>;
  if (empty) return <Status role="status">{emptyText ?? 'Nothing here yet.'}</Status>;
  return <>{children}</>;
}

export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={`${label} pages`}>
      <Row>
        <SmallButton type="button" onClick={() => onPage(page - 1)} disabled={page <= 0}>
          Previous
        </SmallButton>
        <span aria-live="polite">
          Page {page + 1} of {pages} ({total} in all)
        </span>
        <SmallButton type="button" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
          Next
        </SmallButton>
      </Row>
    </nav>
  );
}

export const Input = styled.input`
  min-height: 44px;
  padding: ${theme.spacing.xs} ${theme.spacing.sm};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.md};
  max-width: 100%;
`;

export const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.sm};
`;

export const Select = styled.select`
  min-height: 44px;
  padding: ${theme.spacing.xs} ${theme.spacing.sm};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  font-size: ${theme.fontSizes.md};
  max-width: 100%;
`;

export const Fieldset = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.spacing.md};
  margin: 0 0 ${theme.spacing.lg};
  min-width: 0;

  legend {
    font-weight: ${theme.fontWeights.bold};
    padding: 0 ${theme.spacing.xs};
  }
`;

/** The server's message for one field, read out with the field (aria-describedby names its id). */
export const FieldError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
`;

export const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
  font-weight: normal;
`;

/** A 400's field, as the form names it (`excludeCategories.2` is the excluded categories field). */
export function failedField(error: unknown): string | null {
  return error instanceof ApiError && error.status === 400 && error.field ? error.field.split('.')[0] : null;
}

/**
 * A console list's search box: the text is searched when the form is sent (not on every key), trimmed; the screen
 * keeps what is searched and its page.
 */
export function SearchForm({ label, name, onSearch }: { label: string; name?: string; onSearch(text: string): void }) {
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Row>
        <Label>
          {label}
          <Input type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={200} />
        </Label>
        <SmallButton type="submit">Search</SmallButton>
      </Row>
    </form>
  );
}
