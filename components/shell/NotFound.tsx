import Link from 'next/link';
import styled from 'styled-components';

export function NotFound({ title = 'We can’t find that page', text = 'The title or page may have moved, or the link may be mistyped.' }: { title?: string; text?: string }) {
  return (
    <Box>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link href="/">Go to the home page</Link> or browse <Link href="/magazines/BS/en">popular magazines</Link>.
      </p>
    </Box>
  );
}

const Box = styled.section`
  max-width: 40rem;
  margin: ${({ theme }) => theme.spacing.xxxl} auto;
  padding: ${({ theme }) => theme.spacing.xl};
  text-align: center;
`;
