/**
 * The site is written in American English. These are the British spellings that have crept into
 * it before (and their common relatives), each with the spelling to use instead.
 */
const WORDS: Record<string, string> = {
  licence: "license",
  licences: "licenses",
  licenced: "licensed",
  neighbour: "neighbor",
  neighbours: "neighbors",
  neighbourhood: "neighborhood",
  neighbourhoods: "neighborhoods",
  neighbouring: "neighboring",
  centre: "center",
  centres: "centers",
  centred: "centered",
  colour: "color",
  colours: "colors",
  coloured: "colored",
  grey: "gray",
  greys: "grays",
  realise: "realize",
  realised: "realized",
  realises: "realizes",
  realising: "realizing",
  recognise: "recognize",
  recognised: "recognized",
  organise: "organize",
  organised: "organized",
  organisation: "organization",
  apologise: "apologize",
  apologised: "apologized",
  prioritise: "prioritize",
  prioritised: "prioritized",
  criticise: "criticize",
  criticised: "criticized",
  emphasise: "emphasize",
  summarise: "summarize",
  normalise: "normalize",
  minimise: "minimize",
  stylised: "stylized",
  travelled: "traveled",
  travelling: "traveling",
  traveller: "traveler",
  travellers: "travelers",
  cancelled: "canceled",
  cancelling: "canceling",
  counselling: "counseling",
  counsellor: "counselor",
  counsellors: "counselors",
  practise: "practice",
  practised: "practiced",
  practising: "practicing",
  behaviour: "behavior",
  behaviours: "behaviors",
  favour: "favor",
  favourite: "favorite",
  honour: "honor",
  labour: "labor",
  judgement: "judgment",
  programme: "program",
  catalogue: "catalog",
  analyse: "analyze",
  defence: "defense",
  offence: "offense",
  sceptical: "skeptical",
  paediatric: "pediatric",
  enrolment: "enrollment",
  fulfil: "fulfill",
  learnt: "learned",
  whilst: "while",
  amongst: "among",
  towards: "toward",
  afterwards: "afterward",
  mum: "mom",
  mums: "moms",
  autumn: "fall",
  rota: "schedule",
};

interface SpellingProblem {
  word: string;
  american: string;
}

/** British spellings in a piece of visible text, with the American spelling for each. */
export function britishSpellings(text: string): SpellingProblem[] {
  const found: SpellingProblem[] = [];
  for (const match of text.matchAll(/[A-Za-z]+/g)) {
    const word = match[0];
    const american = WORDS[word.toLowerCase()];
    if (american) found.push({ word, american });
  }
  return found;
}
