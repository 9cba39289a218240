import type { Palette } from '../../media/render';
import type { NewLibrary } from '../../db/schema';

export const STORES = [
  { id: 1, name: 'India', country: 'IN' },
  { id: 2, name: 'United States', country: 'US' },
  { id: 3, name: 'United Kingdom', country: 'GB' },
];

export interface LibrarySeed extends Omit<NewLibrary, 'logo1' | 'logo2' | 'logo3' | 'logoBanner1' | 'logoBanner2' | 'logoBanner3'> {
  id: number;
  name: string;
  /** Colours of the generated logo. */
  palette: Palette;
}

export const LIBRARIES: LibrarySeed[] = [
  {
    // The default demo library: everything visible, guests welcome.
    id: 1001,
    name: 'Riverside Public Library',
    guestAccess: true,
    guestDays: 30,
    isNewspaper: 1,
    isJournal: 1,
    ageRate: 0,
    supportEmail: 'help@riverside.test',
    palette: { background: '#ffffff', ink: '#1d3557', accent: '#2a9d8f' },
  },
  {
    // Hide-profile mode and the /q/temp routes (SPEC §6), as settings: the open /q/temp catalogue reads under its rules.
    id: 2083,
    name: 'Temple Street Reading Room',
    hideProfile: true,
    tempRoutes: true,
    openCatalogue: true,
    guestAccess: true,
    supportEmail: 'desk@templestreet.test',
    palette: { background: '#fffaf0', ink: '#7c2d12', accent: '#d97706' },
  },
  {
    // Goes to the stored callback address after guest sign-in (SPEC §4), as a setting.
    id: 2766,
    name: 'Harbour City Library',
    callbackAfterGuest: true,
    guestAccess: true,
    supportEmail: 'ask@harbourcity.test',
    palette: { background: '#f0f9ff', ink: '#0c4a6e', accent: '#0284c7' },
  },
  {
    // A school: no newspapers or journals, some categories hidden by name, and an age limit.
    id: 3001,
    name: 'Northfield School Library',
    excludeCat: 'Fashion,Beauty,Bridal',
    ageRate: 4,
    isNewspaper: 0,
    isJournal: 0,
    guestAccess: true,
    supportEmail: 'library@northfield.test',
    palette: { background: '#f7fee7', ink: '#365314', accent: '#65a30d' },
  },
  {
    // Members only: sign in with an imported library card.
    id: 4001,
    name: 'Eastgate College Library',
    guestAccess: false,
    cardMode: 'list',
    supportEmail: 'it-help@eastgate.test',
    palette: { background: '#faf5ff', ink: '#4c1d95', accent: '#7c3aed' },
  },
];

/** Library cards imported by Eastgate College Library (4001); stored as hashSecret(number) and hashSecret(pin). */
export const LIBRARY_CARDS = [
  { libraryId: 4001, cardNumber: '40010001', pin: '2468' },
  { libraryId: 4001, cardNumber: '40010002', pin: '1357' },
];

/** An access code for /accesscode (validatecoupon) that joins Riverside Public Library. */
export const ACCESS_CODES = [{ libraryId: 1001, code: 'RIVERSIDE2026', days: 365, usesLeft: 1000, expiresAt: new Date('2027-12-31T23:59:59Z') }];

export const DEMO_PASSWORD = 'reading-room-2026';

export interface UserSeed {
  email: string;
  firstName: string;
  lastName: string;
  memberships: { libraryId: number; expiresAt: Date }[];
}

/** The demo accounts; all use DEMO_PASSWORD. */
export const USERS: UserSeed[] = [
  { email: 'reader@riverside.test', firstName: 'Asha', lastName: 'Verma', memberships: [{ libraryId: 1001, expiresAt: new Date('2027-12-31T23:59:59Z') }] },
  { email: 'expired@riverside.test', firstName: 'Tom', lastName: 'Okafor', memberships: [{ libraryId: 1001, expiresAt: new Date('2026-01-31T23:59:59Z') }] },
  { email: 'nolibrary@example.org', firstName: 'Mina', lastName: 'Park', memberships: [] },
  { email: 'school@northfield.test', firstName: 'Lee', lastName: 'Chen', memberships: [{ libraryId: 3001, expiresAt: new Date('2027-12-31T23:59:59Z') }] },
  { email: 'temp@templestreet.test', firstName: 'Ravi', lastName: 'Menon', memberships: [{ libraryId: 2083, expiresAt: new Date('2027-12-31T23:59:59Z') }] },
];
