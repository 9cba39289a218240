/** What every console screen's layout shows: who is signed in, and the libraries they manage. */
export interface ConsoleProps {
  label: string;
  operator: boolean;
  libraries: { id: number; name: string }[];
}
