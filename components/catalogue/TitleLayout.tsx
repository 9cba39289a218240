import styled, { css } from 'styled-components';
import { issueCardRules } from '@/components/ui/IssueCard';
import { storyCardRules } from '@/components/ui/StoryCard';
import { LazyImage } from '@/components/ui/LazyImage';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** The frame a title's page and an issue's page share: the cover beside the details, stacked on a phone. */

/**
 * A title's or an issue's page. Its rows of issues and its related stories are written as text (card-markup's whole
 * cards), so the page carries the cards' rules once for all of them.
 */
export const Page = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  padding: ${theme.spacing.lg} 0;

  .issue-card {
    ${issueCardRules}
  }

  .story-card {
    ${storyCardRules}
  }
`;

export const Hero = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xl};
  padding: 0 ${theme.spacing.lg};

  ${media.up('md')} {
    flex-direction: row;
    align-items: flex-start;
    padding: 0 ${theme.spacing.xl};
  }
`;

export const Cover = styled(LazyImage)`
  display: block;
  width: 100%;
  height: auto;
  border-radius: inherit;
  background: ${theme.colors.surfaceAlt};
`;

export const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.md};
  min-width: 0;
`;

/** The cover's box: centred on a phone, at the top beside the details from md up; the width is each screen's. */
export const coverBox = (width: string, shadow: string) => css`
  flex: none;
  align-self: center;
  width: ${width};
  border-radius: ${theme.radii.md};
  box-shadow: ${shadow};

  ${media.up('md')} {
    align-self: flex-start;
  }
`;
