import Link from 'next/link';
import styled from 'styled-components';
import { theme } from '@/styles/theme';
import { pillChip } from './pill-chip';

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

const Chip = styled(Link)`
  ${pillChip}
  min-height: 36px;
`;
