import Link from 'next/link';
import styled, { css } from 'styled-components';
import { theme } from '@/styles/theme';

export interface KeywordChipProps {
  label: string;
  href: string;
  /** The chip for the page being shown: marked aria-current="page". */
  selected?: boolean;
  /** A plain anchor, for screens that navigate their links with one listener (hooks/useDelegatedLinks). */
  plainLink?: boolean;
}

/** A keyword, language or filter as a pill-shaped link. */
export function KeywordChip({ label, href, selected = false, plainLink = false }: KeywordChipProps) {
  return (
    <Chip as={plainLink ? 'a' : undefined} href={href} aria-current={selected ? 'page' : undefined}>
      {label}
    </Chip>
  );
}

export interface KeywordChipListProps {
  /** Names the list for screen readers, e.g. 'Popular Languages'. */
  label: string;
  chips: KeywordChipProps[];
  /** Plain anchors for every chip (see KeywordChipProps.plainLink). */
  plainLinks?: boolean;
}

export function KeywordChipList({ label, chips, plainLinks = false }: KeywordChipListProps) {
  return (
    <List aria-label={label}>
      {chips.map((chip) => (
        <li key={`${chip.href}|${chip.label}`}>
          <KeywordChip plainLink={plainLinks} {...chip} />
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * A pill chip's look (border, fill, text, hover, and the current one filled with the brand), shared by these chips
 * and the story list's category chips, which are styled from their list.
 */
export const pillChip = css`
  display: inline-flex;
  align-items: center;
  padding: 0 ${theme.spacing.lg};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${theme.colors.surfaceHover};
  }

  &[aria-current='page'] {
    border-color: ${theme.colors.brand};
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
  }
`;

const Chip = styled(Link)`
  ${pillChip}
  min-height: 36px;
`;
