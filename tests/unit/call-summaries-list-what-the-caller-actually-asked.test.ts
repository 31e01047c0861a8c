import { describe, expect, it } from 'vitest';
import { extractiveSummary, type CallTurn } from '#api/features/systems/call-summary';
import { callerAsked } from '#api/features/systems/caller-asked';

const caller = (content: string): CallTurn => ({ role: 'user', content });
const assistant = (content: string): CallTurn => ({ role: 'assistant', content });

describe('what a caller asked, for a call’s summary', () => {
  it('keeps real questions and requests, with or without punctuation (speech has none)', () => {
    const turns = [
      caller('Hi, do you do same day repairs on washing machines?'),
      assistant('Yes, most weekdays. Is there anything else I can help with?'),
      caller('how much is a callout'),
      assistant('A call-out is £60. Anything else?'),
      caller('I need someone to look at a leaking tap this week'),
    ];
    expect(callerAsked(turns)).toEqual([
      'Hi, do you do same day repairs on washing machines?',
      'how much is a callout',
      'I need someone to look at a leaking tap this week',
    ]);
  });

  it('leaves out acknowledgements, small talk and the caller’s answers to the assistant’s own questions (yes/no, name, number, a time, an order confirmation)', () => {
    const turns = [
      caller('Hello there'),
      assistant('Hello! How can I help?'),
      caller('Could I get a haircut and colour on Friday?'),
      assistant('I can pass that to the team. Can I take your name?'),
      caller('Priya Shah'),
      assistant('Thanks Priya. What is the best number to reach you on?'),
      caller('07700 900123'),
      assistant('And when would suit you best?'),
      caller('friday afternoon after three'),
      assistant('Shall I ask the team to call you back to confirm?'),
      caller('yes'),
      assistant('Done. Someone will call you back. Anything else?'),
      caller('Two cheese scones as well please'),
      assistant('That is 2 cheese scones at £2.50 each, £5.00 in all. Shall I place the order?'),
      caller('Yeah go ahead'),
      assistant('Your order is in. Anything else?'),
      caller('no that’s all thanks'),
      caller('ok'),
      caller('Great, thank you so much, bye'),
    ];
    expect(callerAsked(turns)).toEqual([
      'Could I get a haircut and colour on Friday?',
      'Two cheese scones as well please',
    ]);
  });

  it('leaves out checking the line, pleasantries and contact details given unasked', () => {
    const turns = [
      caller('Hello?'),
      caller('Hi, are you there?'),
      caller('How are you today?'),
      assistant('Very well, thank you. What can I do for you?'),
      caller('My name is Dana Price and my number is 07700 900456'),
      caller('Is it possible to bring a dog into the shop?'),
    ];
    expect(callerAsked(turns)).toEqual(['Is it possible to bring a dog into the shop?']);
  });

  it('leaves out what the assistant did not catch and asked the caller to say again (a mis-heard turn is not a question)', () => {
    const turns = [
      caller('the ah are you open are you so you do'),
      assistant("Sorry, I didn't catch that. Could you say it again?"),
      caller('Are you open on Sunday?'),
      assistant('We are closed on Sundays.'),
      caller('so the boiler is making a banging noise'),
      assistant("Sorry, I didn't catch that. Could you say it again?"),
      caller('my boiler is making a banging noise'),
    ];
    expect(callerAsked(turns)).toEqual(['Are you open on Sunday?', 'my boiler is making a banging noise']);
  });

  it('keeps a question asked in answer to the assistant’s question', () => {
    const turns = [
      assistant('Would you like me to take a message?'),
      caller('No, but what time do you close today?'),
      assistant('Can I take your name?'),
      caller("It's Sam. Do you take card payments?"),
    ];
    expect(callerAsked(turns)).toEqual([
      'No, but what time do you close today?',
      "It's Sam. Do you take card payments?",
    ]);
  });

  it('makes the summary name only the real questions, and says so when the caller asked nothing', () => {
    const summary = extractiveSummary({
      status: 'completed',
      callerName: 'Alex',
      turns: [
        caller('yes'),
        assistant('Sorry, how can I help?'),
        caller('Are you open on bank holidays?'),
        assistant('We are closed on bank holidays. Would you like anything else?'),
        caller('no thanks'),
      ],
    });
    expect(summary).toMatch(/^Alex asked: “Are you open on bank holidays\?”/);
    expect(summary).not.toMatch(/“yes”|“no thanks”/);
    expect(
      extractiveSummary({
        status: 'completed',
        callerName: 'Alex',
        turns: [caller('Yes.'), assistant('Shall I put you through?'), caller('yes please')],
      }),
    ).toBe('Alex called but did not ask anything.');
  });
});
