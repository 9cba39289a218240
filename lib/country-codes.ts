import { DEFAULT_COUNTRY, DEFAULT_STORE_ID } from './constants';

/** SPEC §3 Country code entry (mobileCode, flag, store_id), with the country's name and ISO code for people and screen readers. */
export interface CountryCode {
  mobileCode: string;
  flag: string;
  store_id: number;
  iso: string;
  name: string;
}

/** Stores by country (server/seed: 1 India, 2 United States, 3 United Kingdom); elsewhere the default store. */
const STORE_BY_COUNTRY: Record<string, number> = { IN: 1, US: 2, GB: 3 };

const COUNTRIES: ReadonlyArray<[iso: string, name: string, dial: string]> = [
  ['IN', 'India', '91'],
  ['US', 'United States', '1'],
  ['GB', 'United Kingdom', '44'],
  ['AE', 'United Arab Emirates', '971'],
  ['AR', 'Argentina', '54'],
  ['AU', 'Australia', '61'],
  ['AT', 'Austria', '43'],
  ['BD', 'Bangladesh', '880'],
  ['BE', 'Belgium', '32'],
  ['BR', 'Brazil', '55'],
  ['CA', 'Canada', '1'],
  ['CH', 'Switzerland', '41'],
  ['CL', 'Chile', '56'],
  ['CN', 'China', '86'],
  ['CO', 'Colombia', '57'],
  ['CZ', 'Czechia', '420'],
  ['DE', 'Germany', '49'],
  ['DK', 'Denmark', '45'],
  ['EG', 'Egypt', '20'],
  ['ES', 'Spain', '34'],
  ['FI', 'Finland', '358'],
  ['FR', 'France', '33'],
  ['GH', 'Ghana', '233'],
  ['GR', 'Greece', '30'],
  ['HK', 'Hong Kong', '852'],
  ['ID', 'Indonesia', '62'],
  ['IE', 'Ireland', '353'],
  ['IL', 'Israel', '972'],
  ['IT', 'Italy', '39'],
  ['JP', 'Japan', '81'],
  ['KE', 'Kenya', '254'],
  ['KR', 'South Korea', '82'],
  ['LK', 'Sri Lanka', '94'],
  ['MX', 'Mexico', '52'],
  ['MY', 'Malaysia', '60'],
  ['NG', 'Nigeria', '234'],
  ['NL', 'Netherlands', '31'],
  ['NO', 'Norway', '47'],
  ['NP', 'Nepal', '977'],
  ['NZ', 'New Zealand', '64'],
  ['PH', 'Philippines', '63'],
  ['PK', 'Pakistan', '92'],
  ['PL', 'Poland', '48'],
  ['PT', 'Portugal', '351'],
  ['QA', 'Qatar', '974'],
  ['SA', 'Saudi Arabia', '966'],
  ['SE', 'Sweden', '46'],
  ['SG', 'Singapore', '65'],
  ['TH', 'Thailand', '66'],
  ['TR', 'Türkiye', '90'],
  ['TZ', 'Tanzania', '255'],
  ['UG', 'Uganda', '256'],
  ['VN', 'Vietnam', '84'],
  ['ZA', 'South Africa', '27'],
];

/** The flag emoji of an ISO 3166 alpha-2 code (two regional indicator symbols). */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const COUNTRY_CODES: CountryCode[] = COUNTRIES.map(([iso, name, dial]) => ({
  mobileCode: `+${dial}`,
  flag: flagOf(iso),
  store_id: STORE_BY_COUNTRY[iso] ?? DEFAULT_STORE_ID,
  iso,
  name,
}));

export const DEFAULT_COUNTRY_CODE = COUNTRY_CODES.find((c) => c.iso === DEFAULT_COUNTRY)!;

export const MOBILE_MESSAGES = {
  invalid: 'Please enter a valid mobile number',
  country: 'Please choose your country code',
} as const;

/**
 * A mobile number in E.164 (`+919876543210`) from a calling code and the digits a person typed (spaces,
 * dashes, brackets and a leading 0 allowed), or null when it cannot be a phone number.
 */
export function toE164(mobileCode: string, typed: string): string | null {
  const dial = mobileCode.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(dial) || !COUNTRY_CODES.some((c) => c.mobileCode === `+${dial}`)) return null;
  if (!/^[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 6 || dial.length + digits.length > 15) return null;
  return `+${dial}${digits}`;
}

/** A number for display with the middle hidden: +91 ••••••3210. */
export function maskMobile(e164: string): string {
  return e164.length > 6 ? `${e164.slice(0, 3)} ••••••${e164.slice(-4)}` : e164;
}
