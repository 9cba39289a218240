import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** A bar under the reader's toolbar (find, text settings, read aloud): wraps at any width from 320px. */
export const Panel = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.xs} ${theme.spacing.sm} ${theme.spacing.sm};
  border-top: 1px solid ${theme.colors.borderStrong};
  font-size: ${theme.fontSizes.sm};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.spacing.xs};
  }
  input[type='search'],
  select {
    min-height: 44px;
    min-width: 0;
    padding: 0 ${theme.spacing.sm};
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    font: inherit;
  }
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    float: left;
    margin-right: ${theme.spacing.xs};
    padding: 0;
    line-height: 44px;
  }
  fieldset label {
    min-height: 44px;
    padding: 0 ${theme.spacing.sm};
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.md};
    cursor: pointer;
  }
  fieldset label:has(input:checked) {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
  fieldset label:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  p {
    margin: 0;
  }
  form {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.spacing.xs};
  }
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
    max-height: 7.5rem;
    margin: 0;
    padding: 0;
    overflow-y: auto;
    list-style: none;
  }
  fieldset input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
`;
