import type { RefObject } from 'react';
import styled from 'styled-components';
import { SearchIcon } from '@/components/ui/icons';
import { MAX_SEARCH_LENGTH } from '@/lib/search';
import { theme } from '@/styles/theme';

export interface SearchFieldProps {
  value: string;
  onChange(text: string): void;
  /** Also the box's accessible name: 'Search Magazines, newspapers, journals'. */
  placeholder: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** The search text box of the overlay and of /search: results follow the typing, so there is nothing to submit. */
export function SearchField({ value, onChange, placeholder, inputRef }: SearchFieldProps) {
  return (
    <Field role="search" onSubmit={(event) => event.preventDefault()}>
      <SearchIcon aria-hidden="true" />
      <Box>
        <Input
          ref={inputRef}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
        {/* The placeholder as it shows: an input's own cannot wrap, and on a 320px phone it needs two lines. */}
        <Hint aria-hidden="true" data-placeholder="">
          {placeholder}
        </Hint>
      </Box>
    </Field>
  );
}

const Field = styled.form`
  display: flex;
  flex: 1 1 auto;
  align-items: center;
  gap: ${theme.spacing.sm};
  min-width: 0;
  max-width: 720px;
  min-height: ${theme.sizes.tapTarget};
  padding: 0 ${theme.spacing.md};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  color: ${theme.colors.muted};

  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Box = styled.div`
  position: relative;
  display: flex;
  flex: 1 1 auto;
  min-width: 0;
`;

const Input = styled.input`
  flex: 1 1 auto;
  min-width: 0;
  min-height: 40px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.md};

  /* The field's ring shows focus; a second ring on the input would double it. */
  &:focus-visible {
    outline: none;
    box-shadow: none;
  }

  /* Kept for the input's semantics; the Hint below paints it. */
  &::placeholder {
    color: transparent;
  }

  &:not(:placeholder-shown) + * {
    display: none;
  }
`;

// 16px like the input (iOS zooms into smaller type); two lines of it fit the 40px input.
const Hint = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  overflow-wrap: anywhere;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
  pointer-events: none;
`;
