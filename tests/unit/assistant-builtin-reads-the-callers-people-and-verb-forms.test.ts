import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * Classes of needless escalations found on the evaluation's tune parts, checked on made-up
 * businesses unlike the evaluation's: the people of the caller's own case ("my elderly mum",
 * "for my husband") taken for what the question is about; an inflected ask-word ("goes",
 * "comes") kept as a subject word while its plain form ("go", "come") is left out; the verb
 * "deal with" read as the noun "deal" (an offer, a discount).
 */
const headed = (heading: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${heading}`, type: 'pdf', title: 'Policies' },
  text,
  heading,
  rank: 1,
});

const opticians = business('Clearview Opticians', [service('Eye test', '£25', 'A full eye examination.')]);
const locksmith = business('Keyway Locksmiths', [service('Lock change', 'From £70', 'A new euro cylinder.')]);
const roofer = business('Topline Roofing', [service('Roof repair', 'From £150', 'Slipped tiles and flashing.')]);

describe('the people of the caller’s own case are details, not the subject', () => {
  it('"somewhere to park for my mum" is answered by the parking line', async () => {
    const hits = [headed('Parking', 'There is free parking behind the shop.')];
    const { text, kit } = await run(opticians, 'Is there somewhere to park for my mum?', { hits });
    expect(text).toContain('free parking');
    expect(kit.questions).toHaveLength(0);
  });

  it('"the same day … my elderly dad" is answered by the sentence saying how soon, not by the list naming the elderly', async () => {
    const hits = [
      headed(
        'Emergencies',
        'Emergencies are: elderly people locked out of the house, broken keys and burglary repairs. Most jobs are booked within a week; elderly customers who are locked out are seen the same day.',
      ),
    ];
    const { text, kit } = await run(
      locksmith,
      'Can you come the same day if my elderly dad is locked out of the house?',
      { hits },
    );
    expect(text).toContain('seen the same day');
    expect(kit.questions).toHaveLength(0);
  });

  it('"for my husband" still needs the thing asked for in the passage', async () => {
    const hits = [headed('Home visits', 'We do home eye tests for elderly customers who cannot get to the shop.')];
    const { kit } = await run(opticians, 'Do you sell contact lens solution for my husband?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a person who is the subject of the question (no "my") is still a subject word', async () => {
    const hits = [headed('Frames', 'Our frames start at £40 and come with a year’s guarantee.')];
    const { kit } = await run(opticians, 'Do you do frames for toddlers?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('an inflected ask-word is an ask-word', () => {
  it('"if my lock goes stiff at night" is answered by the night call-out line', async () => {
    const hits = [
      headed('Out of hours', 'A stiff or jammed lock at night is an emergency: we come out any time, £95 call-out.'),
    ];
    const { text, kit } = await run(locksmith, 'If my lock goes stiff at night, will someone come out?', { hits });
    expect(text).toContain('£95');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('"deal with" is a verb, not a deal', () => {
  it('"will you deal with the paperwork?" is answered by the line on paperwork', async () => {
    const hits = [headed('Storm damage', 'We handle the paperwork for your insurer and send photos of the damage.')];
    const { text, kit } = await run(roofer, 'Will you deal with the paperwork?', { hits });
    expect(text).toContain('paperwork');
    expect(kit.questions).toHaveLength(0);
  });

  it('a deal asked for is still a discount', async () => {
    const hits = [headed('Storm damage', 'We handle the insurance claim for you and send photos of the damage.')];
    const { kit } = await run(roofer, 'Have you got any deals on at the moment?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('"can’t eat X" asks for what is X-free', () => {
  const deli = business('Oak & Olive Deli', [service('Grazing boxes', 'From £30', 'Cheese and charcuterie boxes.')]);

  it('"someone who can’t eat dairy" is answered by the dairy-free line', async () => {
    const hits = [headed('Cheesecakes', 'Our dairy-free cheesecake is made with oat cream and costs £4 a slice.')];
    const { text, kit } = await run(deli, 'Have you got anything for someone who can’t eat dairy?', { hits });
    expect(text).toContain('dairy-free cheesecake');
    expect(kit.questions).toHaveLength(0);
  });

  it('a passage that only names the food is no answer', async () => {
    const hits = [headed('Cheesecakes', 'Our cheesecake is made with Italian mascarpone and fresh dairy cream.')];
    const { kit } = await run(deli, 'Have you got anything for someone who can’t eat dairy?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
