import styled from 'styled-components';
import { theme } from '@/styles/theme';
import { pillChip } from './pill-chip';

export interface KeywordChipProps {
  label: string;
  href: string;
  /** The chip for the page being shown: marked aria-current="page". */
  selected?: boolean;
}

export interface KeywordChipListProps {
  /** Names the list for screen readers, e.g. 'Popular Languages'. */
  label: string;
  chips: KeywordChipProps[];
}

/**
 * Keywords, languages or filters as pill-shaped links. The chips are plain anchors, navigated in the app by the
 * frame's one listener (hooks/useDelegatedLinks), and styled from their list: a story's dozen chips cost one styled
 * component, not a styled next/link each.
 */
export function KeywordChipList({ label, chips }: KeywordChipListProps) {
  return (
    <List aria-label={label}>
      {chips.map((chip) => (
        <li key={`${chip.href}|${chip.label}`}>
          <a href={chip.href} aria-current={chip.selected ? 'page' : undefined}>
            {chip.label}
          </a>
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

  > li > a {
    ${pillChip}
    min-height: 36px;
  }
`;
