import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import type { ReactElement } from 'react';
import { ReaderRefused } from '@/components/reader/ReaderRefused';
import { ReaderScreen } from '@/components/reader/ReaderScreen';
import { readerProps } from '@/server/reader/pages';
import { withPage } from '@/server/context';

/** SPEC §2 the hosted reader: /reader/{code}/{issue}?isLib=1#page/{n}. */
export const getServerSideProps = withPage({ access: 'open' }, (page, ctx) => readerProps(page, ctx, false)) satisfies GetServerSideProps;

export default function ReaderPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return props.screen === 'reader' ? <ReaderScreen code={props.code} issue={props.issue} /> : <ReaderRefused {...props} />;
}

// The reader fills the screen: no site header or sidebar.
ReaderPage.getLayout = (page: ReactElement) => page;
