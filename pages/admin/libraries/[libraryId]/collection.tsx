import type { InferGetServerSidePropsType } from 'next';
import { CollectionScreen } from '@/components/admin/CollectionScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { allCategories } from '@/server/admin/content';
import { collectionOf, libraryOrNotFound } from '@/server/admin/libraries';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page) => {
  const library = await libraryOrNotFound(page.library!);
  const [collection, categories] = await Promise.all([collectionOf(library.id), allCategories()]);
  return { props: { libraryId: library.id, libraryName: library.name, collection, categories } };
});

export default function CollectionPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <CollectionScreen libraryId={props.libraryId} libraryName={props.libraryName} initial={props.collection} categories={props.categories} />;
}

CollectionPage.getLayout = consoleLayout;
