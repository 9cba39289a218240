/**
 * The token with its signature certainly changed: the first signature character carries the top six bits of the
 * first byte. (Changing the last characters is not enough: the final one also holds padding bits that decoding drops,
 * so 'xx' in place of the last two sometimes decodes to the same signature, and the "altered" token is still valid.)
 */
export function withAlteredSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  return `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}
