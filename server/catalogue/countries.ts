/** Countries a member may give a mobile number from: ISO 3166 alpha-2 code, name, dialling code. India first. */
export const COUNTRIES: ReadonlyArray<readonly [iso: string, name: string, dial: string]> = [
  ['IN', 'India', '+91'],
  ['US', 'United States', '+1'],
  ['GB', 'United Kingdom', '+44'],
  ['AE', 'United Arab Emirates', '+971'],
  ['AU', 'Australia', '+61'],
  ['BD', 'Bangladesh', '+880'],
  ['BR', 'Brazil', '+55'],
  ['CA', 'Canada', '+1'],
  ['DE', 'Germany', '+49'],
  ['EG', 'Egypt', '+20'],
  ['ES', 'Spain', '+34'],
  ['FR', 'France', '+33'],
  ['ID', 'Indonesia', '+62'],
  ['IE', 'Ireland', '+353'],
  ['IT', 'Italy', '+39'],
  ['JP', 'Japan', '+81'],
  ['KE', 'Kenya', '+254'],
  ['LK', 'Sri Lanka', '+94'],
  ['MX', 'Mexico', '+52'],
  ['MY', 'Malaysia', '+60'],
  ['NG', 'Nigeria', '+234'],
  ['NL', 'Netherlands', '+31'],
  ['NP', 'Nepal', '+977'],
  ['NZ', 'New Zealand', '+64'],
  ['PH', 'Philippines', '+63'],
  ['PK', 'Pakistan', '+92'],
  ['PT', 'Portugal', '+351'],
  ['QA', 'Qatar', '+974'],
  ['SA', 'Saudi Arabia', '+966'],
  ['SG', 'Singapore', '+65'],
  ['TH', 'Thailand', '+66'],
  ['ZA', 'South Africa', '+27'],
];

/** The flag emoji of a country: its two letters as regional indicator symbols. */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...iso.toUpperCase().split('').map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
