/**
 * What the app says about SMS opt-outs, in a module of its own: the contacts pages show the
 * opt-out date on every row, and importing it from messages.ts would put every validation
 * message into their first load.
 */
/** SMS opt-outs: a number that texted STOP gets nothing until it texts START. */
export const smsOptOutMessages = {
  /** Why an SMS to an opted-out number was not sent (actions, replies, notices, the system page). */
  optedOut: (phone: string) =>
    `${phone} has opted out of SMS (texted STOP): nothing is sent to them until they text START.`,
  /** The simulator's and the SMS page's account of a STOP. */
  stopReceived: (phone: string) => `${phone} opted out of SMS: no SMS will be sent to them until they text START.`,
  /** …and of a START. */
  startReceived: (phone: string) => `${phone} opted back in to SMS.`,
  /** A carrier keyword other than STOP/START (HELP, INFO): the carrier answers it. */
  carrierKeyword: 'No reply was sent: this is a carrier keyword (such as HELP), which the phone network answers.',
  /** The contact page. */
  contactOptedOut: (date: string) =>
    `Opted out of SMS on ${date} (texted STOP). Nothing is sent to them by SMS until they text START.`,
} as const;
