import { describe, expect, it } from 'vitest';
import { sendAnswerLabel } from '../../app/lib/memories';

describe('the answer form offers to send the answer to whoever asked', () => {
  it('names the customers who asked, or the chat a question was asked in, and offers nothing when nobody can be told', () => {
    expect(sendAnswerLabel({ meta: { channel: 'sms', customer_id: 'c1', customer_ids: ['c1'] } })).toBe(
      'Send the answer to the customer',
    );
    expect(sendAnswerLabel({ meta: { channel: 'call', customer_ids: ['c1', 'c2'] } })).toBe(
      'Send the answer to the 2 customers who asked',
    );
    expect(sendAnswerLabel({ meta: { channel: 'chat', conversation_ids: ['v1'] } })).toBe(
      'Post the answer in the chat where it was asked',
    );
    expect(sendAnswerLabel({ meta: { channel: 'call', conversation_ids: ['v1'] } })).toBeNull();
    expect(sendAnswerLabel({ meta: { training_key: 'parking' } })).toBeNull();
  });
});
