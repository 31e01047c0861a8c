import { words } from './text';

/**
 * The caller's own people ("can my husband come in with me?") are a detail of their case, but
 * a sentence that is a rule for other people ("Under-16s must come with a parent or
 * guardian") is no answer for them: the caller's person is met by their own word or a word
 * for their kind ("a friend or relative", "family members"), not by another group of people.
 */
const GROUPS: string[][] = [
  ['husband', 'wife', 'partner', 'spouse', 'fiance', 'fiancee', 'boyfriend', 'girlfriend'],
  ['mum', 'mom', 'mother', 'dad', 'father', 'parent', 'parents'],
  [
    'son',
    'daughter',
    'child',
    'children',
    'kid',
    'kids',
    'baby',
    'babies',
    'toddler',
    'toddlers',
    'teenager',
    'teenagers',
    'under',
  ],
  [
    'nan',
    'nana',
    'gran',
    'granny',
    'grandma',
    'grandmother',
    'grandad',
    'granddad',
    'grandpa',
    'grandfather',
    'grandparent',
  ],
  ['grandson', 'granddaughter', 'grandchild', 'grandchildren'],
  ['brother', 'sister', 'sibling', 'siblings'],
  ['aunt', 'auntie', 'uncle', 'niece', 'nephew', 'cousin'],
  ['friend', 'friends'],
  ['neighbour', 'neighbor', 'colleague', 'boss'],
  ['guardian', 'guardians', 'carer', 'carers'],
];
/** Words for anyone the caller brings: every person of theirs is one of these. */
const ANYONE = new Set([
  'relative',
  'relatives',
  'family',
  'someone',
  'person',
  'people',
  'companion',
  'adult',
  'adults',
]);
const FRIENDS = new Set(['friend', 'friends']);

const singular = (word: string) => word.replace(/'s$/, '').replace(/s$/, '');

function groupOf(word: string): number {
  const plain = word.replace(/'s$/, '');
  return GROUPS.findIndex((group) => group.includes(plain) || group.includes(singular(plain)));
}

/** True when the text speaks of people and none of them is the caller's person or a word for their kind. */
export function ruleForOtherPeople(callersPeople: Set<string>, text: string): boolean {
  if (!callersPeople.size) return false;
  const theirs = [...callersPeople].map(groupOf).filter((group) => group >= 0);
  if (!theirs.length) return false;
  const said = words(text.toLowerCase().replace(/under-\d+s?/g, 'under'));
  const named = said.filter((word) => groupOf(word) >= 0 || ANYONE.has(word));
  if (!named.length) return false;
  const family = theirs.some((group) => !GROUPS[group].some((word) => FRIENDS.has(word)));
  return !named.some(
    (word) => theirs.includes(groupOf(word)) || (ANYONE.has(word) && (family || !/^(relative|family)/.test(word))),
  );
}

/** "daughter", "kids", "nephew": a word for one of the caller's people (or anyone they bring). */
export const isPersonWord = (word: string) => groupOf(word.toLowerCase()) >= 0 || ANYONE.has(word.toLowerCase());
