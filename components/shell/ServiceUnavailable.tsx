import styled from 'styled-components';

/** Shown instead of a page when the database cannot be reached (the page answers 503). */
export function ServiceUnavailable() {
  return (
    <Box role="alert">
      <h1>We can’t reach the library right now</h1>
      <p>Your reading, favourites and account are safe. The service is having a short break; please try again in a few minutes.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </Box>
  );
}

const Box = styled.section`
  max-width: 40rem;
  margin: ${({ theme }) => theme.spacing.xxxl} auto;
  padding: ${({ theme }) => theme.spacing.xl};
  text-align: center;

  button {
    margin-top: ${({ theme }) => theme.spacing.lg};
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xl}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.onBrand};
    font-size: ${({ theme }) => theme.fontSizes.md};
    cursor: pointer;
  }
`;
