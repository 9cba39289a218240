import type { Register } from './types';

/**
 * Sentence banks shared by every category, one set per register. Slots are those of CategorySeed; as there,
 * {topic} is never the subject of a verb. {surname} names the story's main person (introducing them if needed),
 * {person2} a second voice. Quotes have no closing punctuation: the wrapper adds it.
 */
export interface ProseBank {
  ledes: readonly string[];
  context: readonly string[];
  analysis: readonly string[];
  quoteFrames: readonly string[];
  counters: readonly string[];
  closers: readonly string[];
  headlines: readonly string[];
  subtitles: readonly string[];
}

const MAGAZINE: ProseBank = {
  ledes: [
    'When {person} first started paying attention to {topic}, very few people in {place} thought it would matter.',
    'On a bright morning in {place}, {person} is already talking about {topic}.',
    'It is easy to forget how recently interest in {topic} was confined to a small circle of enthusiasts.',
    'Ask anyone in {place} about {topic} and you will hear a dozen opinions before lunch.',
    'The story of {topic} is, in many ways, the story of {place} itself.',
    'There is a moment, says {person}, when an interest in {topic} stops being a hobby and becomes a way of life.',
    'Few subjects have filled our letters pages over the past year quite like {topic}.',
    'For {person}, the fascination with {topic} began almost by accident.',
    'In a small office above a busy street in {place}, a handful of people are quietly rethinking {topic}.',
    'If you want to understand {topic}, suggests {person}, start by looking at {topic2}.',
    'Nobody planned the revival of interest in {topic}; it simply happened, one conversation at a time.',
    'The first thing you notice on arriving in {place} is how often the talk turns to {topic}.',
    'Long before it became fashionable, {person} was quietly making the case for {topic}.',
  ],
  context: [
    'Over the past {number} years, the conversation around {topic} has moved from the margins to the centre.',
    'The numbers tell part of the story: roughly {percent} per cent of the people we spoke to said that {topic} had changed how they spend a typical week.',
    'Part of the appeal of {topic} lies in how accessible it has become.',
    'Ten years ago, a cover story about {topic} would have seemed unlikely.',
    'Interest in {topic} has grown steadily since {year}, and it shows no sign of slowing.',
    'What has changed is not the idea itself but the number of people willing to try it.',
    'The shift has been most visible in {place}, where talk of {topic} now shapes everyday decisions.',
    'There is no single explanation for the surge of interest in {topic}.',
    'Much of the early work on {topic} was done by enthusiasts rather than professionals.',
    'The renewed attention to {topic} has also revived interest in {topic2}.',
    'Search for {topic} online and you will find thousands of guides, forums and videos, many of them made by amateurs.',
    'Those who have followed {topic} for a long time say the last two years have been unlike anything before.',
  ],
  analysis: [
    'What makes the current moment different is scale.',
    'The link between {topic} and {topic2} is not always obvious, but it is real.',
    'The details matter more than the headline figures suggest.',
    'Look closely and a pattern emerges: the people who stick with {topic} tend to be the ones who started small.',
    'Much depends on who is asked, and when.',
    'Cost remains the biggest obstacle for newcomers to {topic}.',
    'For every success story there is a quieter one of false starts and second attempts.',
    'The best results tend to come from patient, unglamorous work.',
    'Experience in {place} offers a useful guide to what might happen elsewhere.',
    'Good information about {topic} is easier to find than it used to be, though not all of it is reliable.',
    'The lesson of the past {number} years is that patience with {topic} pays off.',
    'The difference between doing {topic} well and doing it badly often comes down to preparation.',
    'None of this happened overnight, and much of it happened without any official support.',
    'Seen from {place}, the wider debate about {topic} can look oddly abstract.',
  ],
  quoteFrames: [
    '“{quote},” says {person}.',
    '“{quote},” {person} told us.',
    'As {person} puts it: “{quote}.”',
    '“{quote},” says {person}, who has spent years thinking about {topic}.',
    '“{quote},” {person} says, and it is hard to disagree.',
  ],
  counters: [
    'Not everyone is convinced.',
    'Sceptics point out that much has been promised about {topic} before, with mixed results.',
    'There are, of course, reasons for caution.',
    'Critics argue that the enthusiasm for {topic} runs ahead of the evidence.',
    'The harder question is who benefits, and who is left out.',
    'Some worry that the attention will fade as quickly as it arrived.',
    'Even supporters admit that the appeal of {topic} is not universal.',
  ],
  closers: [
    'For now, {surname} is optimistic.',
    'Whatever happens next, the debate over {topic} is unlikely to fade from view in {place}.',
    'The next chapter of {topic} will be written over the coming months.',
    'It is, as {surname} says, only the beginning.',
    'For readers tempted to try {topic} for themselves, the advice is simple: start small, and keep going.',
    'We will return to {topic} in a future issue.',
    'In the end, the story of {topic} is about people, and the choices they make.',
    'As the light fades over {place}, the conversation about {topic} carries on.',
    'There are no easy answers, but the questions are getting better.',
    'Ask {surname} what comes next, and the answer is a smile and a shrug.',
  ],
  headlines: [
    'The quiet rise of {topic}',
    'Inside the world of {topic}',
    '{number} things we learned about {topic}',
    'Why we should all care about {topic}',
    'What we can learn from {topic}',
    'The people behind {topic}',
    'A new chapter for {topic}',
  ],
  subtitles: [
    'How {place} learned to love {topic}, and what comes next',
    'We spent {number} days with the people behind {topic}',
    'A closer look at {topic}, and at the people who care about it most',
    'The case for giving {topic} a second look',
    'Notes from {place} on {topic}, its champions and its critics',
  ],
};

const NEWS: ProseBank = {
  ledes: [
    'Residents of {place} woke up on Monday to fresh uncertainty over {topic}.',
    'The state government on Tuesday announced a review of {topic}, following weeks of complaints from residents.',
    'Work on {topic} in {place} is expected to resume next week, officials said on Wednesday.',
    'A long-pending decision on {topic} was finally taken at a meeting chaired by {person} on Thursday.',
    'Concern over {topic} dominated a public hearing held in {place} on Friday.',
    'The city’s plans for {topic} suffered a fresh setback on Saturday when the contractor sought more time.',
  ],
  context: [
    'The issue has been pending for more than {number} months.',
    'According to officials, about {percent} per cent of the work has been completed.',
    'The decision follows a series of complaints from residents of {place}.',
    'The matter was first raised in the council in {year}.',
    'An inspection last month found several gaps in the arrangements for {topic}.',
    'The previous deadline for {topic} lapsed in {month}.',
    'Residents’ associations in {place} have written to the department at least {number} times this year.',
    'A similar plan was announced in {year} but never carried out.',
    'The state and the city have traded blame over who should pay for {topic}.',
    'Officials said a survey of {place} would be completed within a fortnight.',
  ],
  analysis: [
    'Officials attributed the delay to pending approvals and a shortage of workers.',
    'Opposition members questioned both the timeline and the cost.',
    'A detailed project report is expected to be submitted by the end of the month.',
    'Residents say the problem is worst in the mornings.',
    'The department has sought additional funds for {topic}.',
    'Shopkeepers in {place} say business has fallen since the work began.',
    'The issue is likely to come up when the council meets next week.',
    'An official who did not wish to be named said the file had been cleared by the finance department.',
    'Local traders said they had not been consulted before the decision on {topic}.',
    'The contractor has been served a notice for missing two deadlines.',
    'Engineers inspected the site on Wednesday and submitted a preliminary report.',
  ],
  quoteFrames: ['“{quote},” {person} told this newspaper.', '“{quote},” said {person}.', '{person} said: “{quote}.”'],
  counters: ['However, residents remain sceptical.', 'Officials declined to give a date for completion.', 'The opposition has called for a white paper on {topic}.', 'Not all residents are satisfied with the plan.'],
  closers: [
    'The council will take up the matter again at its next meeting.',
    'Further details are expected later this week.',
    'Officials said a helpline would be set up for residents of {place}.',
    'The next hearing is scheduled for later this month.',
    'A final decision is expected before the end of the financial year.',
  ],
  headlines: [],
  subtitles: [],
};

const JOURNAL: ProseBank = {
  ledes: [
    'This paper examines {topic} in {place}, drawing on data collected over {number} years.',
    'Although research attention to {topic} has grown, evidence from {place} remains limited.',
    'We study the relationship between {topic} and {topic2} using a new dataset.',
    'Research on {topic} has expanded rapidly since {year}, yet important gaps remain.',
    'This article reviews recent evidence on {topic} and proposes an agenda for further work.',
  ],
  context: [
    'Earlier studies relied largely on cross-sectional data, which limits causal interpretation.',
    'The literature on {topic} can be grouped into three broad strands.',
    'Policy interest in {topic} has grown alongside public investment.',
    'Existing estimates vary widely, reflecting differences in method and context.',
    'The study area in {place} was chosen for its diversity of settlements and institutions.',
    'Administrative records were matched with survey responses using anonymised identifiers.',
    'Section two reviews the literature, section three describes the data, and section four presents the results.',
    'Most earlier work on {topic} has focused on large cities, leaving smaller towns understudied.',
    'The questionnaire was piloted in two villages and revised before the main survey.',
    'Comparable studies from other regions report effects of a similar order of magnitude.',
  ],
  analysis: [
    'Our results indicate a positive and statistically significant association between {topic} and {topic2}.',
    'The effect is concentrated among households in the lowest income quartile.',
    'Heterogeneity analysis suggests that local institutions mediate the outcome.',
    'These findings are consistent with previous work in comparable settings.',
    'Sensitivity tests confirm that the main estimates are stable.',
    'The qualitative evidence helps explain the mechanisms behind the quantitative results.',
    'The association weakens, but remains significant, once district fixed effects are included.',
    'Descriptive statistics show wide variation across districts in both exposure and outcomes.',
    'Respondents in {place} reported the largest changes, particularly in the second year.',
    'Placebo tests using earlier years show no comparable effect, which supports a causal reading.',
    'The results point to a link between {topic} and {topic2} that earlier studies had overlooked.',
  ],
  quoteFrames: ['As one respondent in {place} put it, “{quote}.”', 'In the words of {person}, “{quote}.”'],
  counters: ['Several limitations should be noted.', 'The study relies on self-reported data, which may be subject to recall bias.', 'The sample may not be representative of all regions.'],
  closers: [
    'The findings have implications for policy on {topic}.',
    'Future research should examine longer time horizons and additional regions.',
    'We conclude that {topic} should have a more central place in planning and evaluation.',
    'Data and code are available from the authors on request.',
  ],
  headlines: [],
  subtitles: [],
};

export const PROSE: Record<Register, ProseBank> = { magazine: MAGAZINE, news: NEWS, journal: JOURNAL };

/** Places used when a category has none of its own. */
export const PLACES = ['Mumbai', 'Delhi', 'Kolkata', 'Chennai', 'Bengaluru', 'Hyderabad', 'Pune', 'Ahmedabad', 'Jaipur', 'Lucknow', 'Kochi', 'Bhopal', 'Indore', 'Chandigarh', 'Guwahati', 'Bhubaneswar', 'Coimbatore', 'Mysuru', 'Nagpur', 'Surat', 'Visakhapatnam', 'Dehradun', 'Shillong', 'Madurai'];

export const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Siddharth', 'Ishita', 'Farhan', 'Nandini', 'Kabir', 'Lakshmi', 'Rahul', 'Sneha', 'Imran', 'Divya', 'Manoj', 'Fatima', 'Tenzin', 'Joseph', 'Harpreet', 'Anjali', 'Suresh', 'Zoya', 'Deepak', 'Pooja', 'Arun', 'Nisha', 'Gaurav', 'Shalini', 'Elena', 'David', 'Amara', 'Kenji', 'Sofia', 'Marcus', 'Leila', 'Thomas'];

export const SURNAMES = ['Sharma', 'Iyer', 'Banerjee', 'Nair', 'Reddy', 'Kulkarni', 'Gupta', 'Menon', 'Chatterjee', 'Pillai', 'Khan', 'Rao', 'Desai', 'Singh', 'Joshi', 'Mukherjee', 'Fernandes', 'Bhat', 'Patel', 'Thomas', 'Ahmed', 'Krishnan', 'Bose', 'Verghese', 'Kapoor', 'Mehta', 'Das', 'Hegde', 'Sen', 'Varma', 'Mathew', 'Gill', 'Okafor', 'Lindqvist', 'Tanaka', 'Rossi', 'Alvarez', 'Haddad', 'Novak', 'Brennan'];

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const PUBLISHERS = ['Riverbank Media', 'Meridian Press', 'Lotus Publications', 'Harbourline Publishing', 'Saffron House Media', 'Northlight Periodicals', 'Bluewater Press', 'Kestrel Publishing', 'Indigo Leaf Media', 'Atlas & Finch', 'Peacock Press', 'Silverline Publications', 'Monsoon Media Group', 'Banyan Tree Publishing', 'Sterling Arc Media'];

export const ACADEMIC_PUBLISHERS = ['Meridian Academic', 'Riverside University Press', 'Indus Scholarly Press', 'Society for Applied Research'];

/** Editor's letters: an opening, lines that introduce stories ({title} is quoted), and a sign-off. */
export const EDITOR_LETTER = {
  openings: [
    'Welcome to the {issue} issue of {magazine}. This month we have been thinking a great deal about {topic}.',
    'Welcome to the {issue} issue of {magazine}. It has been a busy few weeks in the office, and this issue shows it.',
    'Every issue of {magazine} begins with a question, and this one, our {issue} edition, began with {topic}.',
    'Welcome to {magazine} for {issue}. Some issues come together easily; this one took a little longer, and we think it was worth the wait.',
  ],
  cover: [
    'Our cover story, “{title}”, is the result of months of reporting, and it asks a question many of you have written to us about.',
    'On the cover, “{title}” takes us somewhere we have wanted to go for a long time.',
    'Our cover story, “{title}”, began as a single conversation and grew into the longest piece we have printed this year.',
  ],
  more: [
    'Elsewhere in the issue, “{title}” is a reminder of why we love this subject in the first place.',
    'Do not miss “{title}”, which had the whole office arguing, in the best way.',
    'We also bring you “{title}”, a story our readers suggested.',
  ],
  signoffs: [
    'As always, we would love to hear from you. Write to us with your thoughts, your corrections and your ideas for future issues. Happy reading.',
    'Thank you for reading, and for the letters you send every month; we read every one of them. Until next time.',
    'We hope you enjoy the issue as much as we enjoyed making it. Do write in and tell us what you would like to read next.',
  ],
};

/** Readers' letters for the letters page: {topic} from this issue's category, {name} and {city} the writer. */
export const READER_LETTERS = [
  'I have been reading {magazine} for {number} years, and last month’s issue was one of your best. The piece on {topic} said what many of us have been thinking for a long time.',
  'Thank you for the feature on {topic}. I tried the advice in it and it worked better than I expected, though I would add that patience matters as much as anything else.',
  'A small correction: in your article on {topic}, the year given should have been {year}. Otherwise an excellent issue, as always.',
  'My daughter and I read your magazine together every month. We would love to see more about {topic2} in a future issue.',
  'Your story on {topic} made me look at my own town differently. I had walked past the same places for years without noticing them.',
  'I disagree with your columnist on {topic}, but I enjoyed every word. Please keep printing views I do not share.',
  'I passed my copy to a neighbour, who passed it to another. By now half our building has read your piece on {topic}.',
];

/**
 * Letters that appear only on the letters pages of a few issues. Their distinctive words (quokka, Rottnest,
 * lighthouse keeper of Valparaiso) occur nowhere else in the seed: not in any title, story or about text.
 */
export const RARE_READER_LETTERS = [
  'Your photographs of a quokka grinning at the camera on Rottnest Island made our whole family smile. Please send your photographer back to Western Australia soon.',
  'My grandfather was the lighthouse keeper of Valparaiso for almost thirty years, and your pages brought back his stories of fog horns, gulls and cargo ships at dawn.',
];

/** Lines that pad an advertisement to a full page. */
export const ADVERT_LINES = [
  'Available now at selected stores across the country and online.',
  'Ask about our festive offers for readers of {magazine}.',
  'Made with care, and backed by a customer service team that actually answers the phone.',
  'Thousands of happy customers across the country cannot all be wrong.',
  'Order before the end of the month and receive free delivery anywhere in India.',
  'Quote the code READ{number} at checkout to save ten per cent on your first order.',
  'Visit our website or call our toll-free number, seven days a week, from nine in the morning to nine at night.',
  'Terms and conditions apply. Offer valid while stocks last.',
];

/** A newspaper's leader column: an opening, two sentences from the news bank, a close. */
export const NEWS_EDITORIAL = {
  openings: [
    'The debate over {topic} has gone on long enough.',
    'Few issues matter more to the residents of {place} than {topic}.',
    'It is time for a straight answer on {topic}.',
    'Nobody who lives in {place} needs to be told why {topic} matters to them.',
  ],
  closes: [
    'The council must act, and it must act before the monsoon.',
    'Residents deserve better, and they deserve it soon.',
    'We will be watching closely, and so will our readers.',
    'Promises are easy; this time, the city should publish a timeline and keep to it.',
  ],
};

/** A journal issue's editorial. {count} is the number of articles. */
export const JOURNAL_EDITORIAL = {
  openings: [
    'This issue of {magazine} brings together {count} articles that share a concern with evidence and method.',
    'The articles in this issue of {magazine} range widely, but each asks how good data can inform better decisions.',
  ],
  closes: [
    'We thank the reviewers who gave their time to this issue, and we welcome submissions for forthcoming special issues.',
    'As always, we are grateful to our referees, and we encourage early-career researchers to submit their work.',
  ],
};
