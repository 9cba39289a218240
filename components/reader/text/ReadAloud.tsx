import { useCallback, useEffect, useRef, useState } from 'react';
import { sentencesOf } from '@/lib/text-layer';
import { Tool } from '../ReaderTool';
import { Panel } from './panel';
import type { ReadingPlace } from './TextView';
import type { PageTextState } from './usePageTexts';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish', hi: 'Hindi', bn: 'Bengali', ta: 'Tamil', te: 'Telugu', gu: 'Gujarati', ml: 'Malayalam' };
const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** A page's sentences with where each sits in its block, for reading one at a time and marking it. */
function pageSentences(text: PageTextState | undefined): ReadingPlace[] {
  if (!text || text === 'failed') return [];
  return text.blocks.flatMap((block, b) => {
    let from = 0;
    return sentencesOf(block.text).map((sentence) => {
      const start = block.text.indexOf(sentence, from);
      from = start + sentence.length;
      return { pageNo: text.pageNo, block: b, start, end: from };
    });
  });
}

interface ReadAloudProps {
  lang: string;
  pageCount: number;
  texts: Record<number, PageTextState>;
  /** The first page shown: reading starts there. */
  pageNo: number;
  load: (pageNo: number) => void;
  onPlace: (place: ReadingPlace | null) => void;
  /** Turns to a page when reading reaches it. */
  onTurn: (pageNo: number) => void;
}

/**
 * Read aloud with the browser's speech synthesis: a sentence at a time in the issue's language, marking each and
 * turning the page at the end of one; play, pause, speed and voice. Says so when the browser has no voice for the
 * language.
 */
export function ReadAloud({ lang, pageCount, texts, pageNo, load, onPlace, onTurn }: ReadAloudProps) {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | null>(null);
  const [voiceName, setVoiceName] = useState('');
  const [speed, setSpeed] = useState<number>(1);
  const [state, setState] = useState<'stopped' | 'playing' | 'paused'>('stopped');
  const [place, setPlace] = useState<{ pageNo: number; sentence: number } | null>(null);
  const language = LANGUAGE_NAMES[lang] ?? lang;
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window;

  useEffect(() => {
    if (!supported) return undefined;
    const list = () => setVoices(window.speechSynthesis.getVoices().filter((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === lang.toLowerCase()));
    list();
    window.speechSynthesis.addEventListener('voiceschanged', list);
    return () => {
      window.speechSynthesis.removeEventListener('voiceschanged', list);
      window.speechSynthesis.cancel();
    };
  }, [lang, supported]);

  const voice = voices?.find((v) => v.name === voiceName) ?? voices?.[0] ?? null;
  // Settings read when the next sentence starts, without restarting the effect that speaks.
  const settings = useRef({ voice, speed });
  useEffect(() => {
    settings.current = { voice, speed };
  }, [voice, speed]);

  // Speaks the sentence at `place`; at its end moves on, to the next page when the page is done.
  const active = state !== 'stopped';
  const text = place ? texts[place.pageNo] : undefined;
  useEffect(() => {
    if (!active || !place) return undefined;
    if (text === undefined) {
      load(place.pageNo);
      return undefined;
    }
    const here = pageSentences(text)[place.sentence];
    // On to the next sentence, the next page's first, or the end of the issue.
    const advance = () => {
      if (here) setPlace({ pageNo: place.pageNo, sentence: place.sentence + 1 });
      else if (place.pageNo < pageCount) {
        onTurn(place.pageNo + 1);
        setPlace({ pageNo: place.pageNo + 1, sentence: 0 });
      } else {
        setState('stopped');
        setPlace(null);
        onPlace(null);
      }
    };
    if (!here || text === 'failed') {
      const skip = window.setTimeout(advance, 0);
      return () => window.clearTimeout(skip);
    }
    onPlace(here);
    const block = text.blocks[here.block];
    const utterance = new SpeechSynthesisUtterance(block.text.slice(here.start, here.end));
    utterance.lang = settings.current.voice?.lang ?? lang;
    if (settings.current.voice) utterance.voice = settings.current.voice;
    utterance.rate = settings.current.speed;
    let cancelled = false;
    utterance.onend = () => {
      if (!cancelled) advance();
    };
    window.speechSynthesis.speak(utterance);
    return () => {
      cancelled = true;
      window.speechSynthesis.cancel();
    };
  }, [active, place, text, load, lang, pageCount, onPlace, onTurn]);

  const play = useCallback(() => {
    if (state === 'paused') {
      window.speechSynthesis.resume();
      setState('playing');
      return;
    }
    setPlace((current) => current ?? { pageNo, sentence: 0 });
    setState('playing');
  }, [state, pageNo]);

  const pause = () => {
    window.speechSynthesis.pause();
    setState('paused');
  };

  const stop = () => {
    setState('stopped');
    setPlace(null);
    onPlace(null);
  };

  // A new speed or voice takes effect from the sentence being read, said again.
  const sayAgain = () => setPlace((current) => (current ? { ...current } : current));

  if (!supported) {
    return (
      <Panel id="reader-read-aloud" role="group" aria-label="Read aloud">
        <p aria-live="polite">This browser cannot read aloud.</p>
      </Panel>
    );
  }
  const noVoice = voices !== null && voices.length === 0;
  return (
    <Panel id="reader-read-aloud" role="group" aria-label="Read aloud">
      {noVoice ? (
        <p aria-live="polite">This browser has no {language} voice, so it cannot read this issue aloud. A {language} voice can be added in the settings of your device.</p>
      ) : (
        <>
          {state === 'playing' ? (
            <Tool type="button" onClick={pause}>
              Pause
            </Tool>
          ) : (
            <Tool type="button" onClick={play} disabled={voices === null}>
              {state === 'paused' ? 'Resume' : 'Play'}
            </Tool>
          )}
          <Tool type="button" onClick={stop} disabled={state === 'stopped'}>
            Stop
          </Tool>
          <label>
            Speed
            <select value={speed} onChange={(event) => {
                setSpeed(Number(event.target.value));
                sayAgain();
              }}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          <label>
            Voice
            <select value={voice?.name ?? ''} onChange={(event) => {
                setVoiceName(event.target.value);
                sayAgain();
              }}>
              {(voices ?? []).map((v) => (
                <option key={v.name} value={v.name}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
          <p aria-live="polite">{state === 'playing' && place ? `Reading page ${place.pageNo} in ${language}` : state === 'paused' ? 'Paused' : ''}</p>
        </>
      )}
    </Panel>
  );
}
