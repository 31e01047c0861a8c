import { describe, expect, it } from 'vitest';
import { questionParts } from '#api/services/assistant/builtin/question-parts';

/**
 * "and" before a verb phrase that goes on with the same request ("…somewhere to wait and have a
 * tea?", "…and pay by card?") is one question, answered once; "and" before a question of its
 * own ("…and do you open on Sundays?") still makes two. Made-up messages.
 */
describe('"and" + a verb phrase continuing the request is one question', () => {
  it.each([
    'Is there a room where I can wait and have a cup of tea?',
    'Can I drop my bike off and have a look at it later?',
    'Could I come in and do a quick fitting before Friday?',
    'Is there a bench outside to sit and get some fresh air?',
    'Can I pop in and grab a loaf without ordering?',
    'Can I order online and pay when I collect?',
    'Is it fine to come early and wait in reception?',
    'Can I bring my own paint and have it mixed here?',
  ])('%s', (message) => {
    expect(questionParts(message)).toEqual([message]);
  });
});

describe('"and" + a question of its own still splits', () => {
  it.each([
    [
      'What are your opening hours and do you sell gift cards?',
      ['What are your opening hours', 'do you sell gift cards?'],
    ],
    ['Is there parking and have you got a lift?', ['Is there parking', 'have you got a lift?']],
    ['How much is a trim and does it include a wash?', ['How much is a trim', 'does it include a wash?']],
    ['Do you repair bikes and is there a waiting list?', ['Do you repair bikes', 'is there a waiting list?']],
  ])('%s', (message, parts) => {
    expect(questionParts(message).map((part) => part.replace(/ \(.*\)\?$/, '?'))).toEqual(parts);
  });
});
