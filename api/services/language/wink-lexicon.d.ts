declare module 'wink-lexicon/src/lexicon.js' {
  /** Penn Treebank tags of ~13,000 common English words, the likeliest first. */
  const lexicon: Record<string, string[] | undefined>;
  export default lexicon;
}
