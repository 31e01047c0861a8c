import { describe, expect, it } from 'vitest';
import { business, passage, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "Have you got any deals for junior climbers?" asks for deals; "for junior climbers" only says whom they are
 * for. A passage holding only the words of such a phrase ("Junior Club … is made for junior
 * climbers", "a session on the lead wall" to "can I just turn up to a lead wall session?") and
 * none of the thing asked is about something else: the question goes to the team. A passage with
 * the thing asked still answers. Made-up businesses, unlike the evaluation's.
 */
const climbingWall = business('Granite Wall', [
  service('Lead wall session', '£18', 'A two-hour session on the lead wall, at most 6 climbers.'),
  service('Bouldering pass', '£60', 'Ten visits to the bouldering cave, valid for 3 months.'),
]);

describe('the scope of a question alone', () => {
  it('"any deals for junior climbers?" is not answered by what is made for them', async () => {
    const hits = [passage('FAQ', 'Junior Club on Mondays at 6pm is made for junior climbers.')];
    const { text, kit } = await run(climbingWall, 'have you got any deals for junior climbers?', { hits });
    expect(text).not.toContain('Mondays');
    expect(kit.questions).toHaveLength(1);
  });

  it('"can I just turn up to a lead wall session?" is not answered by the session\'s description', async () => {
    const hits = [serviceHit('Lead wall session', '£18', 'A two-hour session on the lead wall, at most 6 climbers.')];
    const { kit } = await run(climbingWall, "Can I just turn up to a lead wall session if I've never done one?", {
      hits,
    });
    expect(kit.questions).toHaveLength(1);
  });

  it('a passage holding the thing asked still answers', async () => {
    const hits = [passage('Deals', 'Our deal for junior climbers: the first month of bouldering for £30.')];
    const { text, kit } = await run(climbingWall, 'have you got any deals for junior climbers?', { hits });
    expect(text).toContain('£30');
    expect(kit.questions).toHaveLength(0);
  });
});
