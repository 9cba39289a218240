import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';

/**
 * bench/pages' yardstick: a server-rendered page that returns one prop, through the same _app, _document and edge
 * gate as every page. bench/pages copies it to pages/bench-bare.tsx for a BENCH_BARE_PAGE=1 build only.
 */
export const getServerSideProps = (async () => ({ props: { bare: true } })) satisfies GetServerSideProps<{ bare: boolean }>;

export default function BenchBarePage({ bare }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <main>
      <h1>{bare ? 'Bare page' : ''}</h1>
    </main>
  );
}
