import type { CategorySeed } from './types';

/** Category 52: newspapers (SPEC §9), shown only to members whose library has isNewspaper. */
export const NEWSPAPERS: CategorySeed = {
  id: 52,
  name: 'Newspapers',
  slug: 'newspapers',
  register: 'news',
  palette: { background: '#f8fafc', ink: '#0f172a', accent: '#b91c1c' },
  titles: [
    'The Riverside Chronicle',
    'The Morning Ledger',
    'The Daily Courier',
    'The Metro Herald',
    'The Deccan Bulletin',
    'The Coastal Times',
    ['Dainik Samachar', 'hi'],
    ['Jan Awaaz', 'hi'],
    ['Ananda Khobor', 'bn'],
    ['Dinakural', 'ta'],
    ['Praja Dhwani', 'te'],
    ['Kerala Prabhatham', 'ml'],
    ['Gujarat Prabhat', 'gu'],
    ['El Diario del Sur', 'es'],
  ],
  about: [
    '{magazine} is a daily newspaper covering the city, the state, the nation and the world.',
    'Its reporters file from the courts, the assembly, the markets and the sports grounds every day.',
    'Each edition carries local news, editorials, business pages, sport and a weather report.',
  ],
  topics: ['the city budget', 'metro construction', 'the state assembly session', 'the monsoon forecast', 'property tax', 'the district hospital', 'water supply', 'traffic diversions', 'the board examination results', 'the municipal elections', 'power cuts', 'road repairs', 'the bus fare revision', 'the new flyover', 'school admissions', 'the vegetable market'],
  roles: ['the municipal commissioner', 'a resident welfare association secretary', 'a senior police officer', 'a ward councillor', 'a trader at the wholesale market', 'an official of the water board', 'a district collector'],
  places: ['the old city', 'the eastern suburbs', 'the port area', 'the university ward', 'the industrial estate', 'the railway colony', 'the riverfront', 'the airport road'],
  headlines: ['Council approves plan for {topic}', 'Residents of {place} demand action on {topic}', 'State orders review of {topic}', 'Work on {topic} to resume next week', 'Officials promise relief over {topic}', 'New rules on {topic} from next month', 'Court seeks report on {topic}', 'Delays in {topic} anger commuters', 'Budget boost for {topic}'],
  subtitles: ['Officials say the work will be completed before the monsoon', 'Residents say they have waited {number} months for a decision', 'A report by our city bureau'],
  facts: [
    'The council approved the proposal on {topic} by a voice vote on Tuesday evening.',
    'Officials said {number} teams had been deployed across {place} since Monday.',
    'The estimated cost of the project is {bignumber} crore, to be shared by the state and the city.',
    'Traffic will be diverted through the service road until the end of the month.',
    'The meteorological department has forecast heavy rain over the next {number} days.',
    'Residents of {place} said water arrived for less than an hour a day last week.',
    'The matter will be heard again after the vacation, the bench said.',
    'Police said the situation was under control and no injuries were reported.',
  ],
  quotes: ['We have been promised this every year, and every year nothing happens', 'The work will be completed on schedule', 'We will not allow any inconvenience to the public', 'Our only demand is a clear timeline'],
  keywords: ['news', 'city', 'local news', 'government', 'municipal', 'weather', 'courts', 'traffic'],
  adverts: [
    ['Classifieds', 'Homes for rent, jobs, tutors and matrimonial notices, every day on page eleven.'],
    ['Grand Festival Sale', 'Up to forty per cent off on electronics and appliances this weekend only.'],
  ],
};

/** Category 154: journals (SPEC §9), shown only to members whose library has isJournal. */
export const JOURNALS: CategorySeed = {
  id: 154,
  name: 'Journals',
  slug: 'journals',
  register: 'journal',
  palette: { background: '#1e293b', ink: '#f1f5f9', accent: '#94a3b8' },
  titles: [
    'Journal of Applied Ecology Studies',
    'Indian Journal of Clinical Medicine',
    'Journal of Coastal Engineering Research',
    'Quarterly Review of Public Policy',
    'Journal of South Asian History',
    'Annals of Materials Chemistry',
    'Journal of Library and Information Practice',
    'Journal of Rural Development Studies',
    'Journal of Computational Linguistics Letters',
    'Journal of Renewable Energy Systems',
    'International Journal of Education Research',
    'Journal of Tropical Agriculture Science',
    ['Revista de Estudios Urbanos', 'es'],
    ['Shodh Sanchayan', 'hi'],
  ],
  about: [
    '{magazine} is a peer-reviewed journal publishing original research, reviews and short communications.',
    'Every submission is reviewed by at least two independent referees before publication.',
    'The journal appears quarterly and welcomes work from early-career researchers.',
  ],
  topics: ['groundwater recharge', 'microfinance', 'urban heat islands', 'early-grade reading', 'antimicrobial stewardship', 'coastal sediment transport', 'machine translation for Indian languages', 'solar microgrids', 'library digitisation', 'crop diversification', 'maternal health services', 'public procurement', 'soil organic carbon', 'informal settlements'],
  roles: ['an associate professor of hydrology', 'a postdoctoral researcher', 'a professor of public policy', 'a research fellow in economics', 'a clinical epidemiologist', 'a senior librarian and information scientist'],
  headlines: ['Effects of {topic} on {topic2}: evidence from {place}', 'A longitudinal study of {topic} in {place}', 'Modelling {topic}: a comparative analysis', 'Towards a framework for {topic}', 'Assessing {topic} with survey data from {number} districts', 'Determinants of {topic}: a mixed-methods study', '{topic}: a systematic review'],
  subtitles: ['Original research article', 'Review article', 'Short communication', 'Research note'],
  facts: [
    'Data were collected from {bignumber} households across {number} districts between {year} and the present.',
    'A difference-in-differences design was used to estimate the effect of {topic}.',
    'The model explained {percent} per cent of the variance in the outcome.',
    'Results were robust to alternative specifications and the exclusion of outliers.',
    'Ethical approval was obtained from the institutional review board before fieldwork began.',
    'Semi-structured interviews were transcribed, coded and analysed thematically.',
    'The sample was stratified by district, gender and household income.',
  ],
  quotes: ['The effect is modest but consistent across every district we studied', 'Our findings suggest that context matters more than the intervention itself', 'Further work is needed with longer panels', 'The data challenge a widely held assumption'],
  keywords: ['research', 'peer review', 'methodology', 'data analysis', 'policy', 'academic', 'study', 'evidence'],
  adverts: [
    ['Call for Papers', 'A special issue on climate adaptation in South Asia invites submissions until the end of the quarter.'],
    ['Research Methods Summer School', 'Two weeks of training in survey design, econometrics and qualitative analysis.'],
  ],
};

/** Category 127 is always hidden (SPEC §5); it holds no content in the demo library. */
export const HIDDEN_CATEGORY = { id: 127, name: 'Internal', slug: 'internal' } as const;
