import { describe, expect, it } from 'vitest';
import { matchContacts } from '#app/components/contact-picker';

const contacts = [
  { _id: '1', name: 'Zoë Ashford' },
  { _id: '2', name: 'Ada Lovelace' },
  { _id: '3', name: 'Adam Smith' },
];

describe('matchContacts (what a contact picker shows before the server answers)', () => {
  it('lists every option for an empty query', () => {
    expect(matchContacts(contacts, '  ')).toEqual(contacts);
  });

  it('keeps names containing every typed word, in any order and case', () => {
    expect(matchContacts(contacts, 'ada').map((c) => c._id)).toEqual(['2', '3']);
    expect(matchContacts(contacts, 'smith ADA').map((c) => c._id)).toEqual(['3']);
  });

  it('ignores accents on either side', () => {
    expect(matchContacts(contacts, 'zoe').map((c) => c._id)).toEqual(['1']);
    expect(matchContacts(contacts, 'ZOË ash').map((c) => c._id)).toEqual(['1']);
  });

  it('finds nothing for a name no contact has', () => {
    expect(matchContacts(contacts, 'grace')).toEqual([]);
  });
});
