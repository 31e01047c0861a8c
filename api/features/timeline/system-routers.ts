import { forms, smses } from '#contract/v1/system-items';
import { serveCalls } from '#api/lib/v1-call';
import { systemItemHandlers } from './system-items';

/** businesses/smses/... and businesses/forms/...: list, get, delete, restore (calls add their recording: api/features/calls). */
export const smsesRouter = serveCalls(smses, systemItemHandlers<typeof smses>('sms'));
export const formsRouter = serveCalls(forms, systemItemHandlers<typeof forms>('form'));
