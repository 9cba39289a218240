/**
 * Passwords people pick most often (from the published breach top lists), lower-cased. A password is refused
 * when it is one of these, or one of these (or a common word) followed only by digits and symbols.
 */
const COMMON = new Set(
  `password 12345678 123456789 1234567890 0123456789 12345678910 87654321 98765432 11111111 00000000 88888888 99999999
  12341234 11223344 12121212 123123123 123321123 147258369 123qweasd 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx
  qwertyuiop qwertyui qwerty123 qwerty12 qwerty1234 asdfghjkl asdfghjk asdf1234 zxcvbnm1 zxcvbnm123 qazwsxedc
  password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pass1234 mypassword
  iloveyou iloveyou1 sunshine princess football baseball basketball welcome1 welcome123 abc12345 abcd1234 abcdefgh
  trustno1 superman batman123 michelle jennifer computer starwars whatever dragon12 master12 letmein1 letmein123
  monkey12 shadow12 charlie1 jessica1 ashley12 michael1 jordan23 liverpool chelsea1 arsenal1 manchester
  freedom1 internet elephant butterfly chocolate cookie123 summer2020 summer2021 summer2022 summer2023 summer2024
  winter2020 winter2021 winter2022 winter2023 winter2024 spring2024 autumn2024 qwer1234 q1w2e3r4 q1w2e3r4t5
  changeme changeme1 administrator admin123 admin1234 root1234 login123 guest123 test1234 testing1 testtest
  default1 secret12 secret123 samsung1 google123 facebook1 linkedin1 yahoo123 hotmail1 gmail123 microsoft
  pokemon1 naruto12 minecraft fortnite1 playstation xbox3600 nintendo1 harrypotter hogwarts starwars1 pass@123
  india123 india@123 bangalore mumbai123 delhi1234 loveyou1 lovelove lovely123 babygirl1 sweetheart
  iloveu123 forever1 blink182 metallica 1password zaq1xsw2 asdasdasd qweqweqwe qweasdzxc 987654321 123454321
  library1 library123 reading1 readers1 magazine1`.split(/\s+/).filter(Boolean),
);

/** Common words that, with digits or symbols after them, still make a guessable password. */
const STEMS = new Set(
  `password passw0rd p@ssw0rd pass qwerty qwertz azerty asdf asdfgh zxcvbn abc abcd abcdef letmein welcome admin
  administrator login guest test iloveyou love monkey dragon master shadow sunshine princess football baseball
  superman batman trustno michael jordan charlie summer winter spring autumn secret changeme default library
  reader reading magazine india hello freedom whatever computer internet`.split(/\s+/).filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (stem !== lower && (COMMON.has(stem) || STEMS.has(stem))) return true;
  // One repeated character, or nothing but digits in a run (12345678, 98765432...).
  if (/^(.)\1+$/.test(lower)) return true;
  if (/^\d+$/.test(lower)) {
    const steps = new Set([...lower].slice(1).map((d, i) => (Number(d) - Number(lower[i]) + 10) % 10));
    if (steps.size === 1) return true;
  }
  return false;
}
