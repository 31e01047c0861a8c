import { isOnboardingPath, matchDashboardRoute, type DashboardRouteName } from '#contract/routes';

/** Where the support form posts: the help page, which also serves it without JavaScript. */
export const HELP_ACTION = '/dashboard/help';

export type HelpTopic = { title: string; text: string };

/**
 * Short help for the page the user is on, shown in the help drawer and on /dashboard/help.
 * Keyed by the route names in docs/product.md#routes (contract/routes.ts); pages without an entry
 * get the general text.
 */
export const HELP_TOPICS: Partial<Record<DashboardRouteName | 'onboarding' | 'help', HelpTopic>> = {
  home: {
    title: 'Recents',
    text: 'Recents shows the latest calls, messages, forms and notes of the selected business, newest first. Open an item to see all of it.',
  },
  reports: { title: 'Reports', text: 'Reports sum up what the assistant handled over a period.' },
  customers: {
    title: 'Contacts',
    text: 'Your contacts, searchable by name, email or phone and filtered by status. Switch to the board to move contacts between stages.',
  },
  customer_view: {
    title: 'A contact',
    text: 'Everything about one contact: details, and the calls, messages, forms and notes linked to them. Edit, merge a duplicate or delete from here.',
  },
  notes: {
    title: 'Notes & tasks',
    text: 'Notes with a reminder are tasks. Filter to see tasks only or the open ones; completing a repeated task creates the next one.',
  },
  note_view: {
    title: 'A note',
    text: 'Read, edit, complete or delete a note. A deleted note can be restored right after from the list.',
  },
  calls: {
    title: 'Calls',
    text: 'Calls the assistant answered or placed, newest first. Open one for its summary, transcript and recording.',
  },
  call_view: {
    title: 'A call',
    text: 'The summary, transcript and recording of one call, and the contact it belongs to.',
  },
  forms: { title: 'Forms', text: 'Web forms submitted to the business, newest first.' },
  form_view: { title: 'A form', text: 'The fields of one submitted form and the contact it belongs to.' },
  sms: { title: 'SMS', text: 'Text messages sent and received, newest first.' },
  sms_view: { title: 'An SMS', text: 'One text message and the contact it belongs to.' },
  services: {
    title: 'Services',
    text: 'What the business offers. The assistant only offers active services; search and filter by status to find one.',
  },
  service_view: {
    title: 'A service',
    text: 'One service with its price and frequency. Edit or delete it here; a deleted service can be restored right after.',
  },
  orders: {
    title: 'Orders',
    text: 'Orders customers placed, taken by the assistant or entered by hand. Filter by status or customer; confirm, fulfil or cancel one from its page.',
  },
  appointments: {
    title: 'Appointments',
    text: 'Bookings with a start, an end, a contact and a service, inside your opening hours. Book, move or cancel one (the contact gets a text), and subscribe your own calendar to your private feed address.',
  },
  order_view: {
    title: 'An order',
    text: 'Confirm, mark fulfilled or cancel the order; tick “tell the customer” to let them know by SMS or email. A deleted order can be restored right after.',
  },
  actions: {
    title: 'Actions',
    text: 'Follow-ups the assistant runs on a schedule: texting back missed calls, following up leads, reminders. Pause one to stop it at once.',
  },
  action_view: {
    title: 'An action',
    text: 'When the action runs, what it does and its limits, with a preview of the message and the history of every run.',
  },
  users: {
    title: 'Team',
    text: 'The members of this business and their permissions. Invite someone by email; they join when they accept.',
  },
  user_view: { title: 'A member', text: 'Tick the permissions this member needs. Changes reach them at once.' },
  businesses: {
    title: 'Businesses',
    text: 'The businesses you belong to and your role in each. Switch to another one or create a new business.',
  },
  business_view: {
    title: 'A business',
    text: 'The business’s name, email, country, phone numbers, address and timezone.',
  },
  business_create: { title: 'New business', text: 'Create another business; it gets its own setup steps.' },
  memories: {
    title: 'Knowledge base',
    text: 'What the assistant knows about the business. Add text, upload documents or let it learn your website; answer the questions it could not.',
  },
  memory_view: { title: 'A memory', text: 'One piece of knowledge the assistant uses when it answers.' },
  settings: { title: 'Settings', text: 'Business, assistant and account settings, and the team.' },
  business_settings: {
    title: 'Business settings',
    text: 'Opening hours, special dates, the timezone and which events notify you.',
  },
  assistant_settings: {
    title: 'Assistant settings',
    text: 'How the assistant greets callers, its tone and when it escalates to you.',
  },
  account_settings: {
    title: 'Account',
    text: 'Your name, email and password. Deleting your account cannot be undone.',
  },
  assistant_conversations: {
    title: 'Assistant',
    text: 'Conversations with the assistant. Start a new one to ask about your business.',
  },
  assistant_conversations_view: {
    title: 'Talking to the assistant',
    text: 'Type a message, or use your voice, and the assistant answers as it would answer your callers.',
  },
  onboarding: {
    title: 'Setting up',
    text: 'Finish these steps to unlock the rest of the dashboard. You can come back to any step.',
  },
  help: { title: 'Help', text: 'Send us a message and we will answer by email.' },
};

export const GENERAL_HELP: HelpTopic = {
  title: 'Help',
  text: 'Use the menu to move between pages. Send us a message below if something is unclear.',
};

/** The help for a pathname such as /dashboard/customers/abc. */
export function helpFor(pathname: string): HelpTopic {
  if (isOnboardingPath(pathname)) return HELP_TOPICS.onboarding ?? GENERAL_HELP;
  if (pathname.replace(/\/$/, '') === '/dashboard/help') return HELP_TOPICS.help ?? GENERAL_HELP;
  const route = matchDashboardRoute(pathname);
  return (route && HELP_TOPICS[route.name as DashboardRouteName]) || GENERAL_HELP;
}
