/**
 * The stored demo translations (Hindi and Spanish), so the translation feature has something to show without a
 * translation service: titles go through a small phrase dictionary (words not in it, such as names and technical
 * terms, stay as they are), and the body is a short summary written in the language, with a note saying so.
 */
export interface TranslationLanguage {
  code: 'hi' | 'es';
  /** The note printed above a translated story. */
  note: string;
  /** The translated body: a summary written in the language; slots {magazine} {issue} {topic} {byline} {words} {minutes}. */
  summary: string[];
  words: Record<string, string>;
}

const HINDI: Record<string, string> = {
  the: '', a: 'एक', an: 'एक', and: 'और', or: 'या', of: 'का', in: 'में', on: 'पर', to: 'को', for: 'के लिए', with: 'के साथ',
  from: 'से', by: 'द्वारा', at: 'पर', about: 'के बारे में', is: 'है', are: 'हैं', was: 'था', were: 'थे', be: 'होना', has: 'है',
  have: 'है', had: 'था', it: 'यह', this: 'यह', that: 'वह', these: 'ये', those: 'वे', we: 'हम', you: 'आप', they: 'वे',
  he: 'वह', she: 'वह', our: 'हमारा', your: 'आपका', their: 'उनका', not: 'नहीं', no: 'नहीं', more: 'अधिक', most: 'सबसे',
  new: 'नया', old: 'पुराना', good: 'अच्छा', best: 'सबसे अच्छा', first: 'पहला', last: 'पिछला', long: 'लंबा', small: 'छोटा',
  big: 'बड़ा', great: 'महान', why: 'क्यों', what: 'क्या', how: 'कैसे', when: 'जब', where: 'कहाँ', who: 'कौन', which: 'जो',
  people: 'लोग', city: 'शहर', town: 'कस्बा', village: 'गाँव', country: 'देश', world: 'दुनिया', year: 'वर्ष', years: 'वर्ष',
  day: 'दिन', days: 'दिन', week: 'सप्ताह', weeks: 'सप्ताह', month: 'महीना', months: 'महीने', time: 'समय', life: 'जीवन',
  story: 'कहानी', stories: 'कहानियाँ', guide: 'मार्गदर्शिका', things: 'बातें', lessons: 'सबक', ideas: 'विचार', future: 'भविष्य',
  home: 'घर', family: 'परिवार', children: 'बच्चे', school: 'विद्यालय', food: 'भोजन', water: 'पानी', music: 'संगीत',
  market: 'बाज़ार', money: 'पैसा', work: 'काम', health: 'स्वास्थ्य', travel: 'यात्रा', science: 'विज्ञान', history: 'इतिहास',
  art: 'कला', rise: 'उदय', return: 'वापसी', secret: 'रहस्य', inside: 'अंदर', behind: 'पीछे', quiet: 'शांत', real: 'असली',
  truth: 'सच', love: 'प्रेम', joy: 'आनंद', 'world’s': 'दुनिया का', matters: 'मायने रखता है', says: 'कहते हैं', said: 'कहा',
  learned: 'सीखा', still: 'अब भी', ever: 'कभी', than: 'से', now: 'अब', next: 'अगला', every: 'हर', many: 'कई',
  few: 'कुछ', all: 'सभी', one: 'एक', two: 'दो', three: 'तीन', only: 'केवल', also: 'भी', but: 'लेकिन', if: 'अगर',
  can: 'सकते हैं', will: 'होगा', would: 'होगा', should: 'चाहिए', make: 'बनाना', making: 'बनाना', take: 'लेना',
  look: 'नज़र', closer: 'करीब से', way: 'तरीका', change: 'बदलाव', changed: 'बदला', 'country’s': 'देश का', 'beginner’s': 'शुरुआती',
  season: 'मौसम', morning: 'सुबह', evening: 'शाम', night: 'रात', road: 'सड़क', river: 'नदी', forest: 'जंगल', sea: 'समुद्र',
};

const SPANISH: Record<string, string> = {
  the: 'el', a: 'un', an: 'un', and: 'y', or: 'o', of: 'de', in: 'en', on: 'sobre', to: 'a', for: 'para', with: 'con',
  from: 'de', by: 'por', at: 'en', about: 'sobre', is: 'es', are: 'son', was: 'era', were: 'eran', be: 'ser', has: 'ha',
  have: 'han', had: 'había', it: 'eso', this: 'este', that: 'que', these: 'estos', those: 'esos', we: 'nosotros',
  you: 'usted', they: 'ellos', he: 'él', she: 'ella', our: 'nuestro', your: 'su', their: 'su', not: 'no', no: 'no',
  more: 'más', most: 'más', new: 'nuevo', old: 'viejo', good: 'bueno', best: 'mejor', first: 'primero', last: 'último',
  long: 'largo', small: 'pequeño', big: 'grande', great: 'gran', why: 'por qué', what: 'qué', how: 'cómo', when: 'cuando',
  where: 'donde', who: 'quién', which: 'que', people: 'gente', city: 'ciudad', town: 'pueblo', village: 'aldea',
  country: 'país', world: 'mundo', year: 'año', years: 'años', day: 'día', days: 'días', week: 'semana', weeks: 'semanas',
  month: 'mes', months: 'meses', time: 'tiempo', life: 'vida', story: 'historia', stories: 'historias', guide: 'guía',
  things: 'cosas', lessons: 'lecciones', ideas: 'ideas', future: 'futuro', home: 'hogar', family: 'familia',
  children: 'niños', school: 'escuela', food: 'comida', water: 'agua', music: 'música', market: 'mercado', money: 'dinero',
  work: 'trabajo', health: 'salud', travel: 'viajes', science: 'ciencia', history: 'historia', art: 'arte', rise: 'auge',
  return: 'regreso', secret: 'secreto', inside: 'dentro de', behind: 'detrás de', quiet: 'tranquilo', real: 'real',
  truth: 'verdad', love: 'amor', joy: 'alegría', matters: 'importa', says: 'dice', said: 'dijo', learned: 'aprendimos',
  still: 'todavía', ever: 'nunca', than: 'que', now: 'ahora', next: 'próximo', every: 'cada', many: 'muchos', few: 'pocos',
  all: 'todos', one: 'uno', two: 'dos', three: 'tres', only: 'solo', also: 'también', but: 'pero', if: 'si',
  can: 'puede', will: 'va a', would: 'podría', should: 'debería', make: 'hacer', making: 'haciendo', take: 'tomar',
  look: 'mirada', closer: 'más de cerca', way: 'camino', change: 'cambio', changed: 'cambió', season: 'temporada',
  morning: 'mañana', evening: 'tarde', night: 'noche', road: 'carretera', river: 'río', forest: 'bosque', sea: 'mar',
  'beginner’s': 'para principiantes', everything: 'todo', need: 'necesita', know: 'saber',
};

export const TRANSLATION_LANGUAGES: TranslationLanguage[] = [
  {
    code: 'hi',
    note: 'यह लेख पुस्तकालय के डेमो अनुवाद संग्रह से है; नाम और तकनीकी शब्द मूल भाषा में रखे गए हैं।',
    summary: [
      'यह लेख {magazine} के {issue} अंक में प्रकाशित हुआ है और {topic} के बारे में है। इसे {byline} ने लिखा है।',
      'मूल अंग्रेज़ी लेख लगभग {words} शब्दों का है और इसे पढ़ने में लगभग {minutes} मिनट लगते हैं। इसमें {topic} से जुड़े लोगों की राय, आँकड़े और संदर्भ शामिल हैं।',
      'लेखक बताते हैं कि {topic} में रुचि पिछले कुछ वर्षों में तेज़ी से बढ़ी है, और इसके समर्थकों के साथ-साथ आलोचकों की बात भी सामने रखते हैं।',
      'यह डेमो के लिए संक्षिप्त अनुवाद है। पूरा लेख पढ़ने के लिए भाषा बदलकर अंग्रेज़ी चुनें।',
    ],
    words: HINDI,
  },
  {
    code: 'es',
    note: 'Este artículo procede de la colección de traducciones de demostración de la biblioteca; los nombres y términos técnicos se mantienen en el idioma original.',
    summary: [
      'Este artículo, publicado en {magazine} en la edición de {issue}, trata sobre {topic}. Lo firma {byline}.',
      'El texto original en inglés tiene unas {words} palabras y se lee en unos {minutes} minutos. Recoge las voces de quienes conocen el tema de cerca, junto con datos y contexto.',
      'El autor explica cómo ha crecido el interés por {topic} en los últimos años y da espacio tanto a sus defensores como a sus críticos.',
      'Esta es una traducción resumida de demostración. Para leer el artículo completo, cambie el idioma a inglés.',
    ],
    words: SPANISH,
  },
];

/** A story's stored translation: title and subtitle through the dictionary, the body as a written summary. */
export function translateStory(
  language: TranslationLanguage,
  story: { title: string; subtitle: string; topic: string; byline: string; wordCount: number; timeRead: number },
  where: { magazine: string; issue: string },
): { title: string; subtitle: string; body: string } {
  const slots: Record<string, string> = {
    magazine: where.magazine,
    issue: where.issue,
    topic: story.topic,
    byline: story.byline,
    words: String(Math.round(story.wordCount / 10) * 10),
    minutes: String(Math.max(1, Math.round(story.timeRead / 60))),
  };
  const summary = language.summary.map((paragraph) => paragraph.replace(/\{(\w+)\}/g, (whole, key: string) => slots[key] ?? whole));
  return {
    title: translateText(story.title, language.words),
    subtitle: translateText(story.subtitle, language.words),
    body: [language.note, ...summary].join('\n\n'),
  };
}

/** Translates word by word, keeping punctuation, capitals at sentence starts and unknown words. */
export function translateText(text: string, words: Record<string, string>): string {
  return text
    .split(/(\s+)/)
    .map((token) => {
      const match = /^([“"(]*)([\p{L}’']+)([^\p{L}]*)$/u.exec(token);
      if (!match) return token;
      const [, before, word, after] = match;
      const translated = words[word.toLowerCase()];
      if (translated === undefined) return token;
      if (!translated) return before || after ? `${before}${after}` : '';
      const capitalised = word[0] === word[0].toUpperCase() && /[a-z]/.test(word[0].toLowerCase()) ? translated[0].toUpperCase() + translated.slice(1) : translated;
      return `${before}${capitalised}${after}`;
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .replace(/^ /gm, '');
}
