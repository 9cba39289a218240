import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import styled from 'styled-components';
import { ClippingFigure } from '@/components/marks/ClippingFigure';
import { OpenAtPageButton } from '@/components/marks/OpenAtPageButton';
import { siteLayout } from '@/components/shell/siteLayout';
import type { SharedClippingView } from '@/lib/wire';
import { withPage } from '@/server/context';
import { HttpError } from '@/server/http/errors';
import { openSharedClipping } from '@/server/user/present';
import { shareParams } from '@/server/user/routes/mark';
import { theme } from '@/styles/theme';

/** A clipping shared as a link: it opens for members of the library it was clipped through who see its issue. */
export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => {
  const shell = await page.shell();
  const token = shareParams.safeParse({ token: ctx.params?.token });
  let clipping: SharedClippingView | null = null;
  if (token.success) {
    clipping = await openSharedClipping(page.session, token.data.token).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
  }
  if (!clipping) ctx.res.statusCode = 404;
  return { props: { shell, clipping } };
}) satisfies GetServerSideProps;

export default function SharedClippingPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  const { clipping } = props;
  if (!clipping) {
    return (
      <Page>
        <Head>
          <title>Clipping not available</title>
        </Head>
        <h1>This clipping is not available to you</h1>
        <p>A shared clipping opens for members of the library it was clipped in, while their library shows its issue. It may also have been deleted.</p>
      </Page>
    );
  }
  const place = `${clipping.magName}, ${clipping.issueName}, page ${clipping.pageNo}`;
  return (
    <Page>
      <Head>
        <title>{`${clipping.name}: a clipping from ${clipping.magName}`}</title>
      </Head>
      <h1>{clipping.name}</h1>
      <p className="place">A clipping from {place}</p>
      <ClippingFigure imageUrl={clipping.imageUrl} text={clipping.text} textScope={clipping.textScope} caption={`${clipping.name}, from ${place}`} />
      <p>
        <OpenAtPageButton issueId={clipping.issueId} pageNo={clipping.pageNo} of={`${clipping.magName}, ${clipping.issueName}`} />
      </p>
    </Page>
  );
}

SharedClippingPage.getLayout = siteLayout;

const Page = styled.div`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg};
  overflow-wrap: anywhere;

  h1 {
    margin-top: 0;
  }

  .place {
    color: ${theme.colors.muted};
  }
`;
