declare module 'wink-lemmatizer' {
  type Lemmatize = (word: string) => string;
  /** Each gives the base form of a word read as that part of speech, or the word itself. */
  const lemmatizer: { noun: Lemmatize; verb: Lemmatize; adjective: Lemmatize };
  export default lemmatizer;
}
