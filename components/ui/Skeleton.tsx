import type { ReactElement } from 'react';
import styled, { keyframes } from 'styled-components';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** SPEC §2: 'Loading skeletons per route kind'. */
export type SkeletonKind =
  | 'magazine'
  | 'magazines'
  | 'journals'
  | 'articles'
  | 'login'
  | 'login-email'
  | 'login-mobile'
  | 'default';

const KIND_BY_PATH: ReadonlyArray<[RegExp, SkeletonKind]> = [
  [/^\/(?:q\/temp\/)?magazine(?:\/|$)/, 'magazine'],
  [/^\/(?:q\/temp\/)?(?:magazines|all-issues)(?:\/|$)/, 'magazines'],
  [/^\/journals(?:\/|$)/, 'journals'],
  [/^\/stories(?:\/|$)/, 'articles'],
  [/^\/login\/email\/?$/, 'login-email'],
  [/^\/login\/(?:linkmobile|verify\/mobileotp)\/?$/, 'login-mobile'],
  [/^\/login(?:\/|$)/, 'login'],
];

/** Which skeleton to show while `pathname` (query and hash allowed) loads. */
export function skeletonKindForPath(pathname: string): SkeletonKind {
  const path = pathname.split(/[?#]/)[0] || '/';
  return KIND_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'default';
}

export interface RouteSkeletonProps {
  kind: SkeletonKind;
}

/** A placeholder shaped like the page being loaded; announced once as 'Loading'. */
export function RouteSkeleton({ kind }: RouteSkeletonProps) {
  return (
    <Frame role="status" aria-busy="true" aria-label="Loading" data-kind={kind}>
      <div aria-hidden="true">{SHAPES[kind]()}</div>
    </Frame>
  );
}

function CoverRow({ count = 8 }: { count?: number }) {
  return (
    <Row>
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i}>
          <Block $w="150px" $h="195px" />
          <Block $w="110px" $h="14px" />
        </Stack>
      ))}
    </Row>
  );
}

function CoverGrid({ count = 12 }: { count?: number }) {
  return (
    <Grid>
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i}>
          <Block $w="100%" $h="auto" $ratio="150 / 195" />
          <Block $w="70%" $h="14px" />
        </Stack>
      ))}
    </Grid>
  );
}

function Lines({ widths }: { widths: string[] }) {
  return (
    <Stack>
      {widths.map((w, i) => (
        <Block key={i} $w={w} $h="14px" />
      ))}
    </Stack>
  );
}

function LoginCard({ fields }: { fields: 'options' | 'email' | 'mobile' }) {
  return (
    <Card>
      <Block $w="60%" $h="28px" />
      <Block $w="80%" $h="14px" />
      {fields === 'options' ? (
        <>
          <Block $w="100%" $h="44px" $round />
          <Block $w="100%" $h="44px" $round />
          <Block $w="100%" $h="44px" $round />
        </>
      ) : fields === 'email' ? (
        <Block $w="100%" $h="44px" />
      ) : (
        <Row $tight>
          <Block $w="88px" $h="44px" />
          <Block $w="100%" $h="44px" />
        </Row>
      )}
      <Block $w="100%" $h="44px" $round />
    </Card>
  );
}

const SHAPES: Record<SkeletonKind, () => ReactElement> = {
  magazine: () => (
    <Page>
      <Hero>
        <Block $w="min(240px, 60vw)" $h="auto" $ratio="150 / 195" />
        <Lines widths={['70%', '40%', '55%', '140px']} />
      </Hero>
      <Block $w="180px" $h="22px" />
      <CoverRow />
    </Page>
  ),
  magazines: () => (
    <Page>
      <Block $w="220px" $h="28px" />
      <Row $tight>
        {Array.from({ length: 6 }, (_, i) => (
          <Block key={i} $w="96px" $h="36px" $round />
        ))}
      </Row>
      <CoverGrid />
    </Page>
  ),
  journals: () => (
    <Page>
      <Block $w="180px" $h="28px" />
      <CoverGrid count={8} />
    </Page>
  ),
  articles: () => (
    <Page>
      <Block $w="240px" $h="28px" />
      {Array.from({ length: 5 }, (_, i) => (
        <Row key={i} $tight>
          <Block $w="100px" $h="125px" />
          <Lines widths={['30%', '85%', '60%', '20%']} />
        </Row>
      ))}
    </Page>
  ),
  login: () => <LoginCard fields="options" />,
  'login-email': () => <LoginCard fields="email" />,
  'login-mobile': () => <LoginCard fields="mobile" />,
  default: () => (
    <Page>
      {Array.from({ length: 3 }, (_, i) => (
        <Stack key={i}>
          <Block $w="200px" $h="22px" />
          <CoverRow />
        </Stack>
      ))}
    </Page>
  ),
};

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Frame = styled.div`
  width: 100%;
  overflow: hidden;
  padding: ${theme.spacing.lg};
`;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
`;

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};

  & > div:last-child {
    flex: 1;
  }

  ${media.up('md')} {
    flex-direction: row;
  }
`;

const Row = styled.div<{ $tight?: boolean }>`
  display: flex;
  gap: ${({ $tight }) => ($tight ? theme.spacing.md : theme.spacing.lg)};
  overflow: hidden;

  & > div:last-child {
    flex: 1 1 auto;
  }
`;

const Stack = styled.div`
  display: flex;
  flex: none;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  min-width: 0;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
  gap: ${theme.spacing.lg};

  ${media.up('md')} {
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  }
`;

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  width: 100%;
  max-width: 420px;
  margin: ${theme.spacing.xxl} auto;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`;

const Block = styled.div<{ $w: string; $h: string; $ratio?: string; $round?: boolean }>`
  flex: none;
  width: ${({ $w }) => $w};
  max-width: 100%;
  height: ${({ $h }) => $h};
  ${({ $ratio }) => ($ratio ? `aspect-ratio: ${$ratio};` : '')}
  border-radius: ${({ $round }) => ($round ? theme.radii.pill : theme.radii.sm)};
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
