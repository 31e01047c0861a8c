/**
 * "Do I need to be home when you come?" asks whether someone must be there, which a passage on the business coming to
 * the caller's home ("we come to your home in our van") never says: a question about being at home is answered only
 * by a text that says someone is, or need not be, there ("an adult needs to be at home", "if nobody's in").
 */
const ASKS_BEING_HOME = /\b(?:be|being|been|stay|stays|staying)\s+(?:at\s+)?home\b/i;
const SAYS_BEING_THERE =
  /\bat home\b|\b(?:be|being|been|is|are|stay|stays|staying)\s+(?:home|in|there|present)\b|\b(?:nobody|no one|someone|somebody|anyone|anybody)(?:'s| is)? (?:in|home|there)\b|\bkey\b/i;

export const asksBeingHome = (plainText: string) => ASKS_BEING_HOME.test(plainText);

export const saysBeingThere = (text: string) => SAYS_BEING_THERE.test(text);
