import { makeDocumentPdf, type PdfDocument } from '../../pdf';
import type { OwnerSetup } from '../types';
import { closedAllDay, openBetween } from '../special-dates';

/**
 * Brook Street Accountancy, Shrewsbury: a small practice of a chartered certified accountant,
 * a bookkeeper and a payroll clerk for sole traders, landlords and small limited companies.
 * Fixed fees for tax returns, accounts, bookkeeping, VAT and payroll; a free first meeting;
 * Xero resold and taught; a pasted FAQ (what to bring, the 31 January deadline, clients
 * outside Shropshire, HMRC penalties, switching accountant), five answered onboarding
 * questions and an engagement-terms PDF (records deadline, late-records surcharge, ending the
 * engagement, corrections, record keeping, complaints, unpaid invoices). Short Fridays; open
 * the weekend of the self-assessment deadline; closed between Christmas and New Year.
 * Added as a seventeenth business unlike the others (nothing is made, delivered or treated:
 * the caller buys a deadline met and the words are HMRC's); its cases were written and
 * committed before the assistant was run on them.
 */
const TERMS: PdfDocument = {
  footer: 'Brook Street Accountancy · 14 Brook Street, Shrewsbury SY1 1QD · Engagement terms 2026/27',
  blocks: [
    { kind: 'title', text: 'Brook Street Accountancy – Engagement Terms and Fees 2026/27' },
    {
      kind: 'paragraph',
      text: 'These terms apply to all work we do for you from 6 April 2026. Our engagement letter sets out which services you have asked us for; these terms cover everything else.',
    },
    { kind: 'heading', text: 'Your records' },
    {
      kind: 'paragraph',
      text: 'For a self-assessment tax return we need your complete records by 31 December. Records received after 31 December are still filed on time wherever possible, but a late-records surcharge of £50 is added to the fee because the work has to be done in January, our busiest month.',
    },
    { kind: 'heading', text: 'Ending our engagement' },
    {
      kind: 'paragraph',
      text: 'Either of us can end the engagement by giving 30 days’ notice in writing (an email is fine). Monthly fees stop at the end of the notice period. We hand over your records and working papers to you or your new accountant free of charge.',
    },
    { kind: 'heading', text: 'Corrections and amendments' },
    {
      kind: 'paragraph',
      text: 'If a return we filed has to be corrected because of our mistake, we amend it free of charge and pay any penalty or interest that our mistake caused. If it has to be amended because of information you gave us late or not at all, the amendment costs £60.',
    },
    { kind: 'heading', text: 'Paying our invoices' },
    {
      kind: 'paragraph',
      text: 'Invoices are due within 14 days. If an invoice is more than 30 days overdue we pause work on your affairs until it is paid, and we will tell you in writing before we do.',
    },
    { kind: 'heading', text: 'Keeping your data' },
    {
      kind: 'paragraph',
      text: 'We keep your records and our working papers for 6 years after the end of the tax year they relate to, as the law requires, and then delete them securely. Our privacy notice explains how we use your personal data.',
    },
    { kind: 'heading', text: 'Complaints' },
    {
      kind: 'paragraph',
      text: 'If you are unhappy with our service, please write to Priya Nair, the practice principal, who will reply within 14 days. If you are still not satisfied you can complain to the ACCA, our professional body.',
    },
    { kind: 'page-break' },
    { kind: 'heading', text: 'Our fees' },
    {
      kind: 'table',
      columns: [0, 330],
      rows: [
        ['Item', 'Fee'],
        ['Late-records surcharge (records after 31 December)', '£50'],
        ['Amendment caused by late or missing information', '£60'],
        ['Amendment caused by our mistake', 'Free'],
        ['Handover to a new accountant', 'Free'],
      ],
    },
  ],
};

export const ACCOUNTANT: OwnerSetup = {
  owner: { name: 'Priya Nair' },
  business: {
    name: 'Brook Street Accountancy',
    email: 'hello@brookstreetaccounts.co.uk',
    country: 'GB',
    timezone: 'Europe/London',
    telephones: ['+441743555276'],
    address: '14 Brook Street, Shrewsbury SY1 1QD',
  },
  settings: {
    opening_hours: [
      { day: 'monday', open: true, start: '09:00', end: '17:00' },
      { day: 'tuesday', open: true, start: '09:00', end: '17:00' },
      { day: 'wednesday', open: true, start: '09:00', end: '17:00' },
      { day: 'thursday', open: true, start: '09:00', end: '17:00' },
      { day: 'friday', open: true, start: '09:00', end: '15:00' },
      { day: 'saturday', open: false, start: '09:00', end: '13:00' },
      { day: 'sunday', open: false, start: '09:00', end: '13:00' },
    ],
    overwrites: [
      openBetween('ow-xmas-eve', '2026-12-24', '09:00', '12:00', 'Christmas Eve, mornings only'),
      closedAllDay('ow-xmas', '2026-12-25', 'Christmas Day'),
      closedAllDay('ow-dec-28', '2026-12-28', 'Bank holiday'),
      closedAllDay('ow-new-year', '2027-01-01', "New Year's Day"),
      openBetween('ow-deadline-saturday', '2027-01-30', '10:00', '14:00', 'Self-assessment deadline weekend'),
      openBetween('ow-deadline-sunday', '2027-01-31', '10:00', '13:00', 'Self-assessment deadline day'),
    ],
    assistant: { name: 'Nell', tone: 'professional', when_unsure: 'take_message', capture_bookings: true },
  },
  services: [
    {
      name: 'Self-assessment tax return',
      price: '£180',
      description:
        'Your personal tax return prepared and filed with HMRC, for employees with other income, sole traders with simple records and landlords. The fee includes one rental property; each extra rental property is £40.',
    },
    {
      name: 'Sole trader accounts and tax return',
      price: 'From £450 a year',
      description:
        'Year-end accounts from your bank statements and receipts, with your self-assessment tax return and a tax-saving review.',
    },
    {
      name: 'Limited company year-end accounts',
      price: 'From £950 a year',
      description:
        'Statutory accounts filed at Companies House, the corporation tax return (CT600) filed with HMRC, and your confirmation statement.',
    },
    {
      name: 'Monthly bookkeeping',
      price: 'From £95 a month',
      description:
        'Your bank feeds reconciled and receipts recorded every month in Xero or QuickBooks, up to 100 transactions a month, done by Tom, our AAT-qualified bookkeeper.',
    },
    {
      name: 'VAT returns',
      price: '£65 a quarter',
      description: 'Quarterly VAT returns prepared and filed under Making Tax Digital, on top of monthly bookkeeping.',
    },
    {
      name: 'Payroll',
      price: '£30 a month',
      description:
        'Payslips, RTI submissions to HMRC and workplace pension returns for up to 5 employees; £4 a month for each employee over 5.',
    },
    {
      name: 'Company formation',
      price: '£120',
      description:
        'We set up your limited company, including the Companies House fee, your registered office address for the first year and a shareholder agreement template.',
    },
    {
      name: 'Initial consultation',
      price: 'Free',
      description:
        'A 30-minute meeting at our office or by video call to talk through what you need, with a fixed-fee quote afterwards.',
    },
    {
      name: 'Xero setup and training',
      price: '£150',
      description: 'We set up Xero for your business and teach you to use it in a 2-hour one-to-one session.',
    },
  ],
  products: [
    {
      title: 'Xero Standard subscription',
      content: 'We resell Xero at partner rates: Xero Standard for £20 a month, billed with our fees.',
    },
    {
      title: 'Landlord income and expenses spreadsheet',
      content:
        'A ready-made spreadsheet for landlords to record rent, repairs and letting fees through the year. £12 download.',
    },
  ],
  texts: [
    {
      title: 'About us',
      content: `Brook Street Accountancy was founded in 2014 by Priya Nair FCCA, after ten years with a Birmingham firm. The team is Priya, Tom (our AAT-qualified bookkeeper), Grace (payroll) and Sam (trainee accountant).

We work with sole traders, landlords and small limited companies: builders, hairdressers, cafés, farms and online shops. We do not carry out statutory audits; if you need one we can recommend a local audit firm.

Our office is on the first floor of 14 Brook Street and there is no lift; we have a ground-floor meeting room we can use for anyone who can't manage the stairs, just tell us when you book.`,
    },
    {
      title: 'FAQ',
      content: `Q: What do I need to give you for my tax return?
A: Your P60 or final payslip if you are employed, bank interest, rental income and expenses, pension contributions and any gift aid donations, plus your UTR (Unique Taxpayer Reference). We register as your agent with HMRC so you don't need to share your Government Gateway login.

Q: When is the deadline for my tax return?
A: Online self-assessment returns for the tax year to 5 April 2026 must be filed by 31 January 2027, and any tax you owe is due the same day. Send us your records by 31 December so we can file in good time.

Q: I don't live in Shrewsbury, can you still help?
A: Yes, we work with clients all over the UK by email, phone and video call. You upload your paperwork to our secure client portal.

Q: I've had a penalty from HMRC for filing late. Can you help?
A: Yes. We can file overdue returns and appeal penalties where you had a reasonable excuse. Call us as soon as you can, penalties grow the longer a return is late.

Q: How do I pay you?
A: Fixed monthly fees are paid by Direct Debit; one-off fees by bank transfer or card. Invoices are due within 14 days.

Q: Are you qualified and regulated?
A: Priya is a Fellow of the Association of Chartered Certified Accountants (FCCA). The practice is supervised by the ACCA for anti-money laundering and holds professional indemnity insurance.

Q: How do I move to you from my current accountant?
A: Just tell us. We write to your old accountant for the handover (called professional clearance) and collect your records. There is no charge for switching.`,
    },
  ],
  answers: [
    {
      question: 'Which payment methods do you accept?',
      answer: "Direct Debit, bank transfer or card. We don't take cash.",
    },
    {
      question: 'Is there parking?',
      answer: 'Not at the office itself. Raven Meadows multi-storey car park is a 4-minute walk away.',
    },
    {
      question: 'Do you offer discounts?',
      answer: 'New businesses in their first year of trading get 20% off monthly bookkeeping for the first 6 months.',
    },
    {
      question: 'Do you do home visits?',
      answer:
        'Yes, within 10 miles of Shrewsbury. Home visits are free for monthly bookkeeping clients and £40 for everyone else.',
    },
    {
      question: 'Do you have evening appointments?',
      answer: 'Yes, on Tuesdays we see clients until 7pm by appointment.',
    },
  ],
  uploads: [
    { name: 'Brook-Street-engagement-terms-2026.pdf', type: 'application/pdf', bytes: () => makeDocumentPdf(TERMS) },
  ],
};
