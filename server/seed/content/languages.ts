/**
 * Languages of the demo library. The spec's fixed list leads, in its order (SPEC §9); the rest follow.
 * searchConfig names a PostgreSQL text-search configuration present in both PGlite and PostgreSQL 15
 * (checked with `SELECT cfgname FROM pg_ts_config`); languages without one use 'simple'.
 */
export interface LanguageSeed {
  code: string;
  name: string;
  /** The language's name for itself. */
  displayName: string;
  /** The country the language is mostly read in (localLanguages filters by it). */
  cc: string;
  searchConfig: string;
}

const lang = (code: string, name: string, displayName: string, cc: string, searchConfig = 'simple'): LanguageSeed => ({
  code,
  name,
  displayName,
  cc,
  searchConfig,
});

export const LANGUAGES: LanguageSeed[] = [
  // The fixed list, in the spec's order.
  lang('en', 'English', 'English', 'IN', 'english'),
  lang('es', 'Spanish', 'Español', 'ES', 'spanish'),
  lang('bn', 'Bengali', 'বাংলা', 'IN'),
  lang('gu', 'Gujarati', 'ગુજરાતી', 'IN'),
  lang('hi', 'Hindi', 'हिन्दी', 'IN', 'hindi'),
  lang('ml', 'Malayalam', 'മലയാളം', 'IN'),
  lang('ta', 'Tamil', 'தமிழ்', 'IN', 'tamil'),
  lang('te', 'Telugu', 'తెలుగు', 'IN'),
  // Other Indian languages.
  lang('mr', 'Marathi', 'मराठी', 'IN'),
  lang('kn', 'Kannada', 'ಕನ್ನಡ', 'IN'),
  lang('pa', 'Punjabi', 'ਪੰਜਾਬੀ', 'IN'),
  lang('ur', 'Urdu', 'اردو', 'IN'),
  lang('or', 'Odia', 'ଓଡ଼ିଆ', 'IN'),
  lang('as', 'Assamese', 'অসমীয়া', 'IN'),
  lang('ne', 'Nepali', 'नेपाली', 'NP', 'nepali'),
  lang('sa', 'Sanskrit', 'संस्कृतम्', 'IN'),
  lang('kok', 'Konkani', 'कोंकणी', 'IN'),
  lang('mai', 'Maithili', 'मैथिली', 'IN'),
  lang('sd', 'Sindhi', 'سنڌي', 'IN'),
  lang('ks', 'Kashmiri', 'कॉशुर', 'IN'),
  lang('mni', 'Manipuri', 'মৈতৈলোন্', 'IN'),
  lang('doi', 'Dogri', 'डोगरी', 'IN'),
  lang('sat', 'Santali', 'ᱥᱟᱱᱛᱟᱲᱤ', 'IN'),
  lang('bho', 'Bhojpuri', 'भोजपुरी', 'IN'),
  // Europe.
  lang('fr', 'French', 'Français', 'FR', 'french'),
  lang('de', 'German', 'Deutsch', 'DE', 'german'),
  lang('it', 'Italian', 'Italiano', 'IT', 'italian'),
  lang('pt', 'Portuguese', 'Português', 'PT', 'portuguese'),
  lang('ru', 'Russian', 'Русский', 'RU', 'russian'),
  lang('tr', 'Turkish', 'Türkçe', 'TR', 'turkish'),
  lang('nl', 'Dutch', 'Nederlands', 'NL', 'dutch'),
  lang('sv', 'Swedish', 'Svenska', 'SE', 'swedish'),
  lang('da', 'Danish', 'Dansk', 'DK', 'danish'),
  lang('no', 'Norwegian', 'Norsk', 'NO', 'norwegian'),
  lang('fi', 'Finnish', 'Suomi', 'FI', 'finnish'),
  lang('pl', 'Polish', 'Polski', 'PL'),
  lang('cs', 'Czech', 'Čeština', 'CZ'),
  lang('sk', 'Slovak', 'Slovenčina', 'SK'),
  lang('hu', 'Hungarian', 'Magyar', 'HU', 'hungarian'),
  lang('ro', 'Romanian', 'Română', 'RO', 'romanian'),
  lang('el', 'Greek', 'Ελληνικά', 'GR', 'greek'),
  lang('bg', 'Bulgarian', 'Български', 'BG'),
  lang('uk', 'Ukrainian', 'Українська', 'UA'),
  lang('sr', 'Serbian', 'Српски', 'RS', 'serbian'),
  lang('hr', 'Croatian', 'Hrvatski', 'HR'),
  lang('sl', 'Slovenian', 'Slovenščina', 'SI'),
  lang('lt', 'Lithuanian', 'Lietuvių', 'LT', 'lithuanian'),
  lang('lv', 'Latvian', 'Latviešu', 'LV'),
  // Estonian has a configuration in PGlite but not in PostgreSQL 15, so it stays 'simple'.
  lang('et', 'Estonian', 'Eesti', 'EE'),
  lang('ca', 'Catalan', 'Català', 'ES', 'catalan'),
  lang('eu', 'Basque', 'Euskara', 'ES', 'basque'),
  lang('ga', 'Irish', 'Gaeilge', 'IE', 'irish'),
  lang('hy', 'Armenian', 'Հայերեն', 'AM', 'armenian'),
  lang('yi', 'Yiddish', 'ייִדיש', 'IL', 'yiddish'),
  // The Middle East, Asia and Africa.
  lang('ar', 'Arabic', 'العربية', 'AE', 'arabic'),
  lang('he', 'Hebrew', 'עברית', 'IL'),
  lang('fa', 'Persian', 'فارسی', 'IR'),
  lang('ja', 'Japanese', '日本語', 'JP'),
  lang('zh', 'Chinese', '中文', 'CN'),
  lang('ko', 'Korean', '한국어', 'KR'),
  lang('id', 'Indonesian', 'Bahasa Indonesia', 'ID', 'indonesian'),
  lang('ms', 'Malay', 'Bahasa Melayu', 'MY'),
  lang('th', 'Thai', 'ไทย', 'TH'),
  lang('vi', 'Vietnamese', 'Tiếng Việt', 'VN'),
  lang('tl', 'Filipino', 'Filipino', 'PH'),
  lang('si', 'Sinhala', 'සිංහල', 'LK'),
  lang('my', 'Burmese', 'မြန်မာ', 'MM'),
  lang('km', 'Khmer', 'ខ្មែរ', 'KH'),
  lang('sw', 'Swahili', 'Kiswahili', 'KE'),
  lang('af', 'Afrikaans', 'Afrikaans', 'ZA'),
];

/** The first eight, in this order, are the spec's fixed list. */
export const FIXED_LANGUAGE_CODES = ['en', 'es', 'bn', 'gu', 'hi', 'ml', 'ta', 'te'] as const;
