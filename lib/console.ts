/** What every console screen's layout shows: who is signed in, and the libraries they manage. */
export interface ConsoleProps {
  label: string;
  operator: boolean;
  libraries: { id: number; name: string }[];
}

/**
 * The labels of the console upload's fields (components/admin/ImportsPanel.tsx): an import refusal read in the console
 * names them as the way out, as the command's refusals name its options. Here, not in wire.ts, so the console's page
 * does not bring zod with it (zod's eval probe would break the page's Content-Security-Policy).
 */
export const UPLOAD_FIELDS = {
  replace: 'Replace the issue of the same title and date',
  category: 'Category of a new title',
  language: 'Language code',
  ageRating: 'Age rating (1–9)',
} as const;
