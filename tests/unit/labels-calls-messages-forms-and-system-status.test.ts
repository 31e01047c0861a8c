import { describe, expect, it } from 'vitest';
import { callLabel, systemStatusLabel, timelineLabel } from '#contract/labels';

describe('call labels (spec section 4): Inbound, Outbound, Voicemail, Missed Call', () => {
  it('labels an answered call by its direction', () => {
    expect(callLabel({ direction: 'inbound', status: 'completed' })).toBe('Inbound');
    expect(callLabel({ direction: 'outbound', status: 'completed' })).toBe('Outbound');
    expect(callLabel({ direction: null, status: null })).toBe('Inbound');
  });

  it('labels by status first: Voicemail and Missed Call, whatever the direction', () => {
    for (const direction of ['inbound', 'outbound'] as const) {
      expect(callLabel({ direction, status: 'voicemail' })).toBe('Voicemail');
      expect(callLabel({ direction, status: 'missed_call' })).toBe('Missed Call');
    }
  });

  it('is what the timeline shows for a call', () => {
    expect(timelineLabel({ type: 'call', direction: 'outbound', status: 'missed_call' })).toBe('Missed Call');
    expect(timelineLabel({ type: 'call', direction: 'outbound' })).toBe('Outbound');
  });
});

describe('SMS and form labels in the timeline', () => {
  it('labels an SMS received as SMS and one sent as SMS sent', () => {
    expect(timelineLabel({ type: 'sms', direction: 'inbound' })).toBe('SMS');
    expect(timelineLabel({ type: 'sms', direction: 'outbound' })).toBe('SMS sent');
  });

  it('labels a form as Form', () => {
    expect(timelineLabel({ type: 'form', direction: 'inbound' })).toBe('Form');
  });
});

describe('system status label (spec section 4)', () => {
  it('shows active as active and anything else as requires setup', () => {
    expect(systemStatusLabel('active')).toBe('active');
    for (const status of ['inactive', 'pending', 'setup', '', null, undefined])
      expect(systemStatusLabel(status)).toBe('requires setup');
  });
});
