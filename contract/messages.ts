import { OFFLINE_MESSAGE } from './offline-message';
import { PHONE_EXAMPLE } from './phone-example';

/**
 * The exact validation messages (docs/product.md#validation). Quoted to the letter: both the
 * web forms and the v1 API import them from here, so they can never drift apart.
 */
export { PHONE_EXAMPLE };

export const messages = {
  required: 'This field is required.',
  email: {
    required: 'Email is required.',
    invalid: 'Email is not valid.',
    tooLong: 'Email must be less than 100 characters.',
  },
  password: {
    required: 'Password is required.',
    tooShort: 'Password must be at least 8 characters',
    tooLong: 'Password must be less than 64 characters.',
  },
  name: {
    required: 'Name is required.',
    tooLong: 'Name must be less than 100 characters.',
  },
  lookup: {
    required: 'You have not entered any search criteria.',
    tooLong: 'Search criteria must be less than 100 characters.',
  },
  business: {
    nameRequired: 'Business name is required.',
    emailRequired: 'Business email is required.',
    emailInvalid: 'Business e-mail is not valid.',
    countryRequired: 'Country is required.',
    telephonesRequired: 'At least one phone number is required.',
  },
  phone: {
    invalid: `Phone numbers must be in international format, E.164 format (e.g. ${PHONE_EXAMPLE}).`,
  },
  user: {
    emailRequired: 'User email is required.',
    emailInvalid: 'User e-mail is not valid.',
  },
  customer: {
    firstNameRequired: 'First name is required.',
    statusRequired: 'Customer status is required.',
  },
  action: {
    nameRequired: 'Action name is required.',
    statusRequired: 'Action status is required.',
    intervalRequired: 'Action interval is required.',
  },
  order: {
    customerRequired: 'Customer is required.',
    statusRequired: 'Order status is required.',
  },
  service: {
    nameRequired: 'Service name is required.',
    statusRequired: 'Service status is required.',
    frequencyRequired: 'Service frequency is required.',
    frequencyNotNumber: 'Service frequency must be a number.',
  },
  memory: {
    typeRequired: 'Memory type is required.',
    contentRequired: 'Memory content is required.',
    statusRequired: 'Memory status is required.',
    /** Processing and failed are set by the upload reader, never chosen by a person. */
    statusChoice: 'Memory status must be Active or Inactive.',
    /** An answered question with no answer (also the answer form's message). */
    answerRequired: 'The answer is required.',
  },
  note: {
    bodyRequired: 'Note content is required.',
    /** "Reopen task": the notes update that clears completed_at. */
    taskReopened: 'Task reopened.',
  },
  code: {
    invalid: 'The code must be 6 digits.',
  },
  timezone: {
    /** Plain words: the forms pick from a list of cities, so only a crafted request sees this. */
    invalid: 'Choose your timezone from the list: the city whose time you keep.',
  },
  country: {
    invalid: 'Country is not valid.',
  },
  hours: {
    timeInvalid: 'Times must be in 24-hour HH:mm format.',
    endBeforeStart: 'Closing time must be after opening time.',
    slotsOverlap: 'Time slots on the same day must not overlap.',
    tooManySlots: 'A day has at most 4 time slots.',
    dateInvalid: 'Date must be a valid date (YYYY-MM-DD).',
  },
  conversation: {
    messageRequired: 'Message is required.',
    messageTooLong: 'Message must be less than 2000 characters.',
    /** get-message-streamed before any message was sent. */
    nothingToStream: 'There is no answer to stream yet.',
    /** update on a customer's conversation (a call, SMS or web form), which only the assistant answers. */
    notYours: 'You can only write in chats you started.',
  },
  /** Text no field may hold, wherever it is sent (api/lib/text-guard.ts). */
  input: {
    nul: 'Text must not contain NUL characters (\\u0000).',
    nulInAddress: 'The address must not contain NUL characters (%00).',
    notText: 'Text must be valid Unicode (a lone surrogate such as \\ud800 is not).',
  },
  /** Every date field (contract/dates.ts). */
  date: {
    invalid: 'Date is not valid.',
    outOfRange: 'Dates must be between the years 1900 and 2999.',
  },
  /** Voice turns (update-voice, audio streams). */
  voice: {
    unavailable: 'Voice is not available on this server.',
    audioRequired: 'Record a message to send.',
    audioTooLarge: 'The recording is larger than 10 MB.',
    audioInvalid: 'The recording must be a WAV file with 16-bit PCM audio.',
    audioEmpty: 'The recording is empty.',
    nothingHeard: "Sorry, I couldn't hear anything in that recording.",
    /** Hold to talk when the browser cannot open a microphone (its own wording, e.g. "Requested device not found", means nothing to people). */
    noMicrophone: 'No microphone was found. Connect one or switch it on, then try again, or type your message instead.',
    microphoneDenied: 'Allow the microphone to talk to the assistant.',
    microphoneBusy:
      'The microphone is in use by another app. Close that app, then try again, or type your message instead.',
    microphoneUnsupported: 'Voice needs a browser with microphone access (and a secure connection).',
    microphoneFailed: 'The microphone could not be opened. Try again, or type your message instead.',
  },
  /** docs/product.md#errors: audio stream failures. */
  stream: {
    failed: 'Streaming failed',
    noBody: 'Unable to fetch audio stream',
  },
  /** Push registration outside the native shell (a plain browser gets no pushes). */
  push: {
    nativeOnly:
      'Push notifications can only be turned on in the phone app. Install the app from your app store and sign in there.',
  },
  /** The team page and businesses/users/{business_id}/...: owners, admins and invitations. */
  team: {
    ownerCannotBeRemoved:
      'The owner of the business cannot be removed. Only the owner can hand ownership to someone else.',
    ownerStaysAdmin: 'The owner of the business stays an admin. Only the owner can hand ownership to someone else.',
    ownerOnly: 'Only the owner of the business can hand ownership to someone else.',
    alreadyOwner: 'This member already owns the business.',
    adminOnlyDemote: 'Only an admin can take admin away from someone.',
    /** Inviting an email that already has a pending invitation: it is kept, not replaced. */
    alreadyInvited:
      'This email already has a pending invitation. Resend it from the list below, or revoke it to invite again with other permissions.',
    invitationResent: 'Invitation sent again.',
  },
  confirmDelete: 'Tick the box to confirm you want to delete your account.',
  network: OFFLINE_MESSAGE,
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  /** Refusals at the server's edge (server/edge.ts), before any page or API call runs. */
  edge: {
    crossSite:
      'This form was sent from another website, so it was not accepted. Open the page on this site and send it again.',
    nulCharacter: 'The address contains a NUL character (%00), which is not allowed.',
    malformedAddress: 'The address is not valid: it contains a broken percent-encoding.',
  },
  /** Outgoing webhooks (businesses/outgoing-webhooks/...). */
  outgoingWebhook: {
    urlRequired: 'Endpoint URL is required.',
    urlHttps: 'The endpoint must be an https:// address, such as https://hooks.example.com/assistant.',
    eventsRequired: 'Choose at least one event to send.',
    eventUnknown: 'Choose events from the list.',
  },
} as const;

/** The edge's answer to a request body over its limit (server/body-limit.ts). */
export function requestTooLarge(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return `The request is too large: at most ${size} is accepted here.`;
}

/** Permission refusals (docs/product.md#validation): 'You do not have permission to view members' etc. */
export function permissionRefusal(thing: string): string {
  return `You do not have permission to view ${thing}`;
}
export function permissionEditRefusal(thing: string): string {
  return `You do not have permission to edit ${thing}`;
}

/** "Recently deleted" (app/routes/dashboard+/recently-deleted.$kind.tsx): what is said about deleted rows. */
export const recentlyDeletedMessages = {
  /** Nothing purges soft-deleted rows (docs/decisions/030), so this is the whole retention rule. */
  keptUntilRestored: 'Deleted items are kept until you restore them; nothing here is removed automatically.',
  businessDeleteConsequence:
    'Its assistant stops answering and nobody can open it; an admin can restore it from Recently deleted on the businesses page.',
  cannotRestore: 'You can see these, but restoring them needs permission to edit them.',
} as const;

/** The toast after businesses/delete: where the restore really is. */
export function businessDeletedMessage(name: string): string {
  return `${name} has been deleted. You can restore it from Recently deleted on the businesses page.`;
}

/** Website learning (onboarding step 4 and the knowledge base's "Learn from my website"). */
export const learningMessages = {
  urlRequired: 'Enter your website address.',
} as const;

/** The onboarding wizard's steps 4–6: what each needs before moving on. */
export const onboardingMessages = {
  learnFirst:
    'The assistant has not learned anything yet. Give it your website, a document or some text, or choose “Skip this step”.',
  trainFirst: 'Answer at least one question first, or choose “Skip this step”.',
  testFirst: 'Ask the assistant at least one question and read its answer before you finish.',
} as const;

export { smsOptOutMessages } from './sms-opt-out-messages';
