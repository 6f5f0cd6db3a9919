/**
 * The prompt of a public creation against a maintained word list: obscenity's English data set
 * (MIT), with its recommended transformers, which also catch the usual disguises (spacing,
 * repeated letters, look-alike characters) and leave the words that only contain a listed one
 * ("Scunthorpe") alone. A private creation's prompt is never checked.
 */
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

let matcher: RegExpMatcher | undefined;

function wordMatcher(): RegExpMatcher {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher;
}

/** The listed words a prompt holds (each once, as the list spells it); empty when none. */
export function listedWordsIn(prompt: string): string[] {
  const found = new Set<string>();
  for (const match of wordMatcher().getAllMatches(prompt)) {
    found.add(englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? prompt.slice(match.startIndex, match.endIndex + 1));
  }
  return [...found];
}
