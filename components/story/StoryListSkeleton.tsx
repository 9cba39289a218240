import styled, { keyframes } from 'styled-components';
import { STORY_IMAGE } from '@/lib/constants';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** Placeholder story cards while the next page of a list loads; hidden from screen readers (a status line speaks). */
export function StoryListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Rows aria-hidden="true" data-testid="story-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <Row key={i}>
          <Block $w={`${STORY_IMAGE.width}px`} $h={`${STORY_IMAGE.height}px`} />
          <Lines>
            <Block $w="30%" $h="12px" />
            <Block $w="90%" $h="18px" />
            <Block $w="70%" $h="14px" />
            <Block $w="20%" $h="12px" />
          </Lines>
        </Row>
      ))}
    </Rows>
  );
}

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.md};
  width: 100%;
`;

const Row = styled.div`
  display: flex;
  gap: ${theme.spacing.md};
  padding: ${theme.spacing.sm};
`;

const Lines = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${theme.spacing.sm};
`;

const Block = styled.div<{ $w: string; $h: string }>`
  flex: none;
  width: ${({ $w }) => $w};
  height: ${({ $h }) => $h};
  border-radius: ${theme.radii.sm};
  background: linear-gradient(
    90deg,
    ${theme.colors.skeleton} 25%,
    ${theme.colors.skeletonHighlight} 50%,
    ${theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;

  ${media.reducedMotion} {
    animation: none;
    background: ${theme.colors.skeleton};
  }
`;
