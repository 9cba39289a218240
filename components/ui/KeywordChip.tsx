import Link from 'next/link';
import styled from 'styled-components';

export interface KeywordChipProps {
  label: string;
  href: string;
  /** The chip for the page being shown: marked aria-current="page". */
  selected?: boolean;
}

/** A keyword, language or filter as a pill-shaped link. */
export function KeywordChip({ label, href, selected = false }: KeywordChipProps) {
  return (
    <Chip href={href} aria-current={selected ? 'page' : undefined}>
      {label}
    </Chip>
  );
}

export interface KeywordChipListProps {
  /** Names the list for screen readers, e.g. 'Popular Languages'. */
  label: string;
  chips: KeywordChipProps[];
}

export function KeywordChipList({ label, chips }: KeywordChipListProps) {
  return (
    <List aria-label={label}>
      {chips.map((chip) => (
        <li key={`${chip.href}|${chip.label}`}>
          <KeywordChip {...chip} />
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.onBrand};
  }
`;
