import type { InferGetServerSidePropsType } from 'next';
import { CollectionScreen } from '@/components/admin/CollectionScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { allCategories } from '@/server/admin/content';
import { collectionOf, libraryOrNotFound } from '@/server/admin/libraries';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({ libraryParam: 'libraryId' }, async (ctx) => {
  const library = await libraryOrNotFound(Number(ctx.params?.libraryId));
  const [collection, categories] = await Promise.all([collectionOf(library.id), allCategories()]);
  return { libraryId: library.id, libraryName: library.name, collection, categories };
});

export default function CollectionPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <CollectionScreen libraryId={props.libraryId} libraryName={props.libraryName} initial={props.collection} categories={props.categories} />;
}

CollectionPage.getLayout = consoleLayout;
