// marcjs ships no types: the part the MARC tests read records back with.
declare module 'marcjs' {
  export const Marc: {
    parse(raw: string | Buffer, type: 'iso2709' | 'marcxml'): { leader: string; fields: string[][] };
  };
}
